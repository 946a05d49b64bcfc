/** Query keys of the homes; every push event that changes a counter invalidates `['dashboard']`. */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  physician: ['dashboard', 'physician'] as const,
  eute: ['dashboard', 'eute'] as const,
  trend: ['dashboard', 'eute', 'trend'] as const,
  admin: ['dashboard', 'admin'] as const,
};
