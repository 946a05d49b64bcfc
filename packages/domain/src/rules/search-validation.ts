import { isGraftTypeNumber } from '../constants/graft-types';
import { MAX_DIAMETER_SPAN, SEARCH_BOUNDS } from '../constants/search-bounds';
import { exceedsDiameterSpan } from './diameter-range';
import { wordedFieldError, type WordedFieldError } from './worded-field-error';

/** The bounds of each size criterion, by its wire name (spec §5). */
export const SEARCH_FIELD_BOUNDS = {
  query_d_min: SEARCH_BOUNDS.diameter,
  query_d_max: SEARCH_BOUNDS.diameter,
  query_l_min: SEARCH_BOUNDS.totalLength,
  query_l_l_min: SEARCH_BOUNDS.branchLength,
  query_l_r_min: SEARCH_BOUNDS.branchLength,
} as const;

type SizeField = keyof typeof SEARCH_FIELD_BOUNDS;
const SIZE_FIELDS = Object.keys(SEARCH_FIELD_BOUNDS) as SizeField[];

const isEmpty = (value: unknown) => value === undefined || value === null || value === '';

function sizeFieldError(field: SizeField, value: unknown): WordedFieldError | null {
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    return wordedFieldError(field, { key: 'validation.number' });
  }
  const { min, max } = SEARCH_FIELD_BOUNDS[field];
  return value < min || value > max
    ? wordedFieldError(field, { key: 'validation.between', params: { min, max } })
    : null;
}

/**
 * Everything wrong with a graft search, one entry per field; empty when it may run.
 * Missing or empty parameters carry the spec's exact text, SEARCH_PARAMS_ERROR (in English). Sizes may be
 * fractional (graft sizes are measured to the half millimetre); only the type must be an integer.
 */
export function validateSearchQuery(query: unknown): WordedFieldError[] {
  const fields: Record<string, unknown> = typeof query === 'object' && query !== null ? { ...query } : {};
  const errors: WordedFieldError[] = [];

  for (const field of ['query_type', ...SIZE_FIELDS] as const) {
    if (isEmpty(fields[field])) {
      errors.push(wordedFieldError(field, { key: 'validation.searchParams' }));
    } else if (field === 'query_type') {
      if (!isGraftTypeNumber(fields[field])) {
        errors.push(wordedFieldError(field, { key: 'validation.graftType' }));
      }
    } else {
      const error = sizeFieldError(field, fields[field]);
      if (error) {
        errors.push(error);
      }
    }
  }
  if (errors.some((error) => error.field === 'query_d_min' || error.field === 'query_d_max')) {
    return errors;
  }

  // Both diameters are valid numbers from here on.
  const min = fields.query_d_min as number;
  const max = fields.query_d_max as number;
  if (min > max) {
    errors.push(
      wordedFieldError('query_d_min', { key: 'validation.notGreaterThan', params: { other: 'query_d_max' } }),
    );
  } else if (exceedsDiameterSpan(min, max)) {
    errors.push(
      wordedFieldError('query_d_max', {
        key: 'validation.diameterSpan',
        params: { other: 'query_d_min', span: MAX_DIAMETER_SPAN },
      }),
    );
  }
  return errors;
}
