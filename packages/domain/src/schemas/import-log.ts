import { Type, type Static } from '@sinclair/typebox';
import { Id, IsoDateTime } from './common';

/** The record of one import of grafts (design §9). */
export const ImportLog = Type.Object({
  id: Id,
  model: Type.String({ description: 'what was imported, e.g. graft' }),
  date: IsoDateTime,
  importer: Type.String({ description: 'who started it: a user name, or cli' }),
  log: Type.String({ description: 'summary and row-level reasons for rejected rows' }),
  importType: Type.Union([Type.Literal('csv'), Type.Literal('json')]),
  importSource: Type.Union([Type.Literal('upload'), Type.Literal('cli')]),
});
export type ImportLog = Static<typeof ImportLog>;
