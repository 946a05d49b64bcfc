import { Type, type Static } from '@sinclair/typebox';
import { Id, IsoDateTime } from './common';

/** The record of one import of grafts (design §9). */
export const ImportLog = Type.Object({
  id: Id,
  model: Type.String({ description: 'what was imported, e.g. graft' }),
  date: IsoDateTime,
  importer: Type.String({ description: 'who started it: a user name, or cli' }),
  log: Type.String({ description: 'summary and row-level reasons for rejected rows' }),
  importType: Type.String({ examples: ['csv', 'json'] }),
  importSource: Type.String({ description: 'where the data came from, e.g. upload or cli and the file name' }),
});
export type ImportLog = Static<typeof ImportLog>;
