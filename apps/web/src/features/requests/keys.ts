/** Query keys of graft requests; the push event `requestChanged` invalidates `['requests']`. */
export const requestKeys = {
  all: ['requests'] as const,
  mine: ['requests', 'mine'] as const,
  lots: ['requests', 'lots'] as const,
  inbox: ['requests', 'inbox'] as const,
};
