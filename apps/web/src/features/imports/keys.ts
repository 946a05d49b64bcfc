/** Query keys of the import area; a finished import invalidates `['imports']`. */
export const importKeys = {
  all: ['imports'] as const,
  logs: ['imports', 'logs'] as const,
  log: (id: string) => ['imports', 'log', id] as const,
};
