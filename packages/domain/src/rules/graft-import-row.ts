import { IMPORT_COLUMNS, type ImportColumn } from '../constants/import-columns';
import { translateMessage, type Message } from '../i18n/translate';
import { EMAIL_PATTERN, LOT_PATTERN } from '../schemas/common';
import { isIsoDate, utcDate } from './dates';
import { parseSingleEuropeanCode } from './single-european-code';
import { textRuleProblem } from './text';

// Reading and checking one row of a graft import (docs/import.md), shared by the server's importer
// and the web's preview. A row arrives as cells by column name from CSV (text), xlsx (text,
// numbers, dates) or JSON (the API's own types); each cell becomes a value or a reason.

/** A cell as a reader hands it over. */
export type ImportCell = string | number | boolean | Date | null | undefined;
/** A checked value: text, a number, or empty. */
export type ImportValue = string | number | null;
/** The values one row sets, by column name. A column the file lacks is absent: the stored value stays. */
export type ImportedFields = Record<string, ImportValue>;
/** A field's reason: in English as `message`, and as `wording` for the reader's language (docs/decisions.md, "Server texts"). */
export interface ImportFieldError {
  field: string;
  message: string;
  wording?: Message;
}

/** A field's reason from the catalogue, or as text where a rule words it itself. */
export function importFieldError(field: string, reason: Message | string): ImportFieldError {
  return typeof reason === 'string'
    ? { field, message: reason }
    : { field, message: translateMessage('en', reason), wording: reason };
}

const DECIMAL = /^-?\d+(\.\d+)?$/;
const INTEGER = /^-?\d+$/;
const lotPattern = new RegExp(LOT_PATTERN);
const emailPattern = new RegExp(EMAIL_PATTERN);

type Read = { value: ImportValue } | { error: Message | string };

function asText(cell: ImportCell): string | null {
  if (cell instanceof Date) {
    return Number.isNaN(cell.getTime()) ? '' : utcDate(cell);
  }
  const text = cell === null || cell === undefined ? '' : String(cell).trim();
  return text === '' ? null : text;
}

function readNumber(cell: ImportCell, column: ImportColumn, whole: boolean): Read {
  const text = asText(cell);
  if (text === null) {
    return { value: null };
  }
  // A decimal comma is what German spreadsheets write.
  const normalised = typeof cell === 'number' ? String(cell) : text.replace(/^(-?\d+),(\d+)$/, '$1.$2');
  if (!(whole ? INTEGER : DECIMAL).test(normalised)) {
    return { error: { key: whole ? 'importRow.wholeNumber' : 'importRow.number' } };
  }
  const value = Number(normalised);
  const { min, max } = column.range ?? { min: -Infinity, max: Infinity };
  if (value < min || value > max) {
    return { error: { key: column.kind === 'mm' ? 'importRow.betweenMm' : 'importRow.between', params: { min, max } } };
  }
  return { value };
}

function readText(cell: ImportCell, column: ImportColumn): Read {
  const text = asText(cell);
  if (text === null) {
    return { value: null };
  }
  const maxLength = column.maxLength ?? 200;
  // The API's text rule: long fields (remarks) may run over several lines, short ones may not.
  const problem = textRuleProblem(text, { multiLine: maxLength > 200 });
  if (problem) {
    return { error: problem };
  }
  return text.length > maxLength
    ? { error: { key: 'importRow.maxLength', params: { max: maxLength } } }
    : { value: text };
}

function readCell(cell: ImportCell, column: ImportColumn): Read {
  const text = asText(cell);
  switch (column.kind) {
    case 'mm':
      return readNumber(cell, column, false);
    case 'int':
      return readNumber(cell, column, true);
    case 'type':
      return readNumber(cell, { ...column, range: { min: 1, max: 8 } }, true);
    case 'status':
      // An empty status is an open step, as in the lab systems' exports.
      return text === null ? { value: 0 } : readNumber(cell, { ...column, range: { min: 0, max: 2 } }, true);
    case 'date':
      if (text === null) {
        return { value: null };
      }
      return isIsoDate(text) ? { value: text } : { error: { key: 'importRow.date' } };
    case 'lot':
      if (text === null) {
        return { error: { key: 'importRow.required' } };
      }
      return lotPattern.test(text) ? { value: text } : { error: { key: 'importRow.lot' } };
    case 'email':
      if (text === null) {
        return { value: null };
      }
      return emailPattern.test(text) && text.length <= 254 ? { value: text } : { error: { key: 'importRow.email' } };
    case 'letter':
      if (text === null) {
        return { value: null };
      }
      return /^[A-Za-z]$/.test(text) ? { value: text.toUpperCase() } : { error: { key: 'importRow.letter' } };
    case 'sec': {
      if (text === null) {
        return { value: null };
      }
      const code = parseSingleEuropeanCode(text);
      return 'error' in code ? { error: code.error } : { value: text.toUpperCase() };
    }
    default:
      return readText(cell, column);
  }
}

/** Reads the cells of one row; columns the row does not carry stay absent. */
export function readImportCells(cells: Readonly<Record<string, ImportCell>>): {
  fields: ImportedFields;
  errors: ImportFieldError[];
} {
  const fields: ImportedFields = {};
  const errors: ImportFieldError[] = [];
  for (const column of IMPORT_COLUMNS) {
    if (!Object.hasOwn(cells, column.name)) {
      continue;
    }
    const read = readCell(cells[column.name], column);
    if ('error' in read) {
      errors.push(importFieldError(column.name, read.error));
    } else {
      fields[column.name] = read.value;
    }
  }
  return { fields, errors };
}

const STEP_DATE_ORDER = ['decellularization', 'release', 'assignment', 'delivery'] as const;

/**
 * Rules across the fields of a whole graft (the stored one with the row's values over it):
 * a type, lengths and implant window in order, process dates in order and before expiry, a
 * clinic for an assigned graft, and a Single European Code whose expiry is the graft's.
 * A rule that involves a field in `unreadable` (its cell already failed) is left out, so a row
 * gets every one of its errors in one answer and none twice (docs/import.md "Row errors").
 */
export function checkImportedGraft(
  graft: Readonly<ImportedFields>,
  unreadable: ReadonlySet<string> = new Set(),
): ImportFieldError[] {
  const errors: ImportFieldError[] = [];
  const value = (name: string) => graft[name] ?? null;
  const fail = (fields: readonly string[], error: ImportFieldError) => {
    if (!fields.some((field) => unreadable.has(field))) {
      errors.push(error);
    }
  };
  const notAfter = (earlier: string, later: string, key: 'importRow.notLessThan' | 'importRow.notBefore') => {
    const [a, b] = [value(earlier), value(later)];
    if (a !== null && b !== null && a > b) {
      fail([earlier, later], importFieldError(later, { key, params: { other: earlier } }));
    }
  };
  if (value('t_ProdName_2') === null) {
    fail(['t_ProdName_2'], importFieldError('t_ProdName_2', { key: 'importRow.requiredForNew' }));
  }
  notAfter('t_Lmin', 't_Lmax', 'importRow.notLessThan');
  notAfter('i_Min', 'i_Max', 'importRow.notBefore');
  const dated = STEP_DATE_ORDER.map((step) => `${step}.outValue`).filter((field) => value(field) !== null);
  dated.slice(1).forEach((field, index) => notAfter(dated[index]!, field, 'importRow.notBefore'));
  notAfter('release.outValue', 'expiry.outValue', 'importRow.notBefore');
  if (value('assignment.status') === 1 && value('c_Name') === null) {
    fail(['assignment.status', 'c_Name'], importFieldError('c_Name', { key: 'importRow.requiredWhenAssigned' }));
  }
  const sec = value('x_SEC');
  if (typeof sec === 'string') {
    const code = parseSingleEuropeanCode(sec);
    if (!('error' in code) && code.expiry !== null && code.expiry !== value('expiry.outValue')) {
      fail(
        ['x_SEC', 'expiry.outValue'],
        importFieldError('x_SEC', { key: 'importRow.secExpiryDiffers', params: { expiry: code.expiry } }),
      );
    }
  }
  return errors;
}
