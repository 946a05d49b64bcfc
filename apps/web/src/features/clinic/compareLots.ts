// The compared grafts live in the URL (`?lots=A,B,C`, written by the domain's webPaths.clinicCompare),
// so a comparison can be shared and reloaded.

/** How many grafts are compared side by side at most. */
export const MAX_COMPARED = 4;

const LOTS_PARAM = 'lots';

/** The lots of the URL: distinct, non-empty, at most `MAX_COMPARED`. */
export function lotsFromParams(params: URLSearchParams): string[] {
  const lots = (params.get(LOTS_PARAM) ?? '')
    .split(',')
    .map((lot) => lot.trim())
    .filter((lot) => lot !== '');
  return [...new Set(lots)].slice(0, MAX_COMPARED);
}
