import { GraftType } from './graft-types';

/** Slider bounds of the search, in millimetres (spec §5). */
export const SEARCH_BOUNDS = {
  diameter: { min: 5, max: 50 },
  totalLength: { min: 10, max: 120 },
  branchLength: { min: 0, max: 100 },
} as const;

/** Upper minus lower diameter may not exceed this (spec §5, §9). */
export const MAX_DIAMETER_SPAN = 10;

/** Initial search of the filter panel (spec §3, §9). */
export const SEARCH_DEFAULTS = {
  type: GraftType.PulmonaryValveNoBifurcation,
  diameterMin: 5,
  diameterMax: 15,
  totalLengthMin: 10,
  leftLengthMin: 0,
  rightLengthMin: 0,
} as const;

/** A new waiting-list entry starts on the aortic valve, unlike the search (spec §3). */
export const DEFAULT_WAITING_LIST_QUERY_TYPE = GraftType.AorticValve;

/** The spec's exact text for a search without usable parameters. */
export const SEARCH_PARAMS_ERROR = '#ERR: Invalid parameters for searching grafts!';
