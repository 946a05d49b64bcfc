import { Type, type Static } from '@sinclair/typebox';
import { FILE_KINDS } from '../constants/file-kinds';
import { LANGUAGES } from '../i18n/languages';
import { GraftType } from '../constants/graft-types';
import { ListStatus } from '../constants/list-status';
import { StepStatus } from '../constants/process-steps';

// Schemas of the enum constants. The constant already owns the plain name, so these carry `Schema`.

export const GraftTypeSchema = Type.Enum(GraftType, { description: 'Graft type number 1 to 8' });
export const ListStatusSchema = Type.Enum(ListStatus, { description: '0 Free, 1 Current, 2 Archive' });
export const StepStatusSchema = Type.Enum(StepStatus, { description: '0 open, 1 done, 2 failed' });

/**
 * The `{type}` path parameter of the file routes, as the text it arrives as; `parseFileKind`
 * turns it into a FileKind.
 */
export const FileKindParam = Type.Union(
  FILE_KINDS.map((info) => Type.Literal(String(info.kind))),
  {
    description:
      '0 photos, 1 release statements, 2 allocation notes, 3 delivery notes, 5 dicom, 6 factsheet, 7 traceability reports, 8 vigilance reports, stl',
  },
);

export const Language = Type.Union([Type.Literal(LANGUAGES[0]), Type.Literal(LANGUAGES[1])]);
export type Language = Static<typeof Language>;
