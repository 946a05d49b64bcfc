import { useDeferredValue } from 'react';

/** About what a phone's screen shows of a list at once. */
const FIRST_ROWS = 8;

/**
 * The rows to draw: a new list shows its first rows at once and the rest follow in a background
 * render, in slices that leave the page answering input. A page of 50 grafts drawn in one go held
 * a phone's main thread for about half a second (docs/performance.md). A changed list stays as it
 * was until its successor is drawn.
 */
export function useRowsInSlices<T>(rows: readonly T[]): readonly T[] {
  return useDeferredValue(rows, rows.slice(0, FIRST_ROWS));
}
