/** Every list answer is bounded: at most this many items a page (docs/api.md, "Lists"). */
export const MAX_PAGE_SIZE = 500;
