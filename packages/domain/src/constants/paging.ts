/** Every list answer is bounded: at most this many items a page (docs/api.md, "Lists"). */
export const MAX_PAGE_SIZE = 500;

/**
 * A search page holds at most this many grafts, and this many when the client names no limit: a
 * client written for the spec, which knows no paging, gets the best 200 as it always did (docs/api.md).
 */
export const MAX_SEARCH_PAGE_SIZE = 200;

/**
 * Items a page on screen: the web's lists and search results (docs/decisions.md, "Waiting lists
 * and graft lists show 50 entries a page").
 */
export const SCREEN_PAGE_SIZE = 50;

/** Import logs a page on screen: each row is tall (its summary and notices), so fewer fit. */
export const IMPORT_LOG_PAGE_SIZE = 25;
