/** Which list a graft appears in (spec §3): free for search, current (assigned), or archive. */
export const ListStatus = {
  Free: 0,
  Current: 1,
  Archive: 2,
} as const;
export type ListStatus = (typeof ListStatus)[keyof typeof ListStatus];
