import { Type, type Static } from '@sinclair/typebox';
import { GraftType } from '../constants/graft-types';
import { SEARCH_BOUNDS, SEARCH_DEFAULTS } from '../constants/search-bounds';

const criterion = (bounds: { min: number; max: number }, fallback: number | undefined) =>
  Type.Number({
    minimum: bounds.min,
    maximum: bounds.max,
    description: 'millimetres',
    ...(fallback === undefined ? {} : { default: fallback }),
  });

/**
 * The size criteria, shared by the search and the waiting list (which spell the type field
 * differently). Only the search's schema names defaults (the web form starts from them); a
 * waiting-list PATCH must not, as a validator that fills defaults would reset what the client left out.
 */
export function sizeCriteriaFields(defaults?: typeof SEARCH_DEFAULTS) {
  return {
    query_d_min: criterion(SEARCH_BOUNDS.diameter, defaults?.diameterMin),
    query_d_max: criterion(SEARCH_BOUNDS.diameter, defaults?.diameterMax),
    query_l_min: criterion(SEARCH_BOUNDS.totalLength, defaults?.totalLengthMin),
    query_l_l_min: criterion(SEARCH_BOUNDS.branchLength, defaults?.leftLengthMin),
    query_l_r_min: criterion(SEARCH_BOUNDS.branchLength, defaults?.rightLengthMin),
  };
}

/**
 * Body of `POST /physician/graftsearch`. What JSON Schema cannot say (d_min <= d_max, span <= 10)
 * is checked by `validateSearchQuery`. The route does not validate with this schema: it checks the
 * body with `validateSearchQuery`, so an empty or partial body is refused (400), never filled from the defaults.
 */
export const GraftSearchQuery = Type.Object(
  {
    query_type: Type.Enum(GraftType, { default: SEARCH_DEFAULTS.type }),
    ...sizeCriteriaFields(SEARCH_DEFAULTS),
  },
  { additionalProperties: false },
);
export type GraftSearchQuery = Static<typeof GraftSearchQuery>;
