/** Query keys of vigilance reports; `all` covers the list, every report and its look-back. */
export const vigilanceKeys = {
  all: ['vigilance'] as const,
  list: (state: string, page: number, show: string | null = null) => ['vigilance', 'list', state, page, show] as const,
  report: (id: string) => ['vigilance', 'report', id] as const,
  lookback: (id: string) => ['vigilance', 'lookback', id] as const,
};
