import { MutationCache, onlineManager, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError, OfflineError } from '../api/errors';
import { notifyFailure } from '../components/notifyFailure';

declare module '@tanstack/react-query' {
  interface Register {
    // `silent`: the screen tells of this failure itself (a form message, its own toast), so no toast here.
    queryMeta: { silent?: boolean };
    mutationMeta: { silent?: boolean };
  }
}

function notifyUnlessSilent(error: unknown, silent: boolean | undefined) {
  if (!silent) {
    notifyFailure(error);
  }
}

/** Client errors (4xx) will not change by asking again; network and server faults may. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  const permanent = error instanceof ApiError && error.status >= 400 && error.status < 500;
  return !permanent && failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => notifyUnlessSilent(error, query.meta?.silent) }),
    mutationCache: new MutationCache({
      // Offline, a write is refused before it is sent, never queued: clinical steps happen once, in
      // order, on the server (docs/decisions.md "Offline"). The form keeps what was typed.
      onMutate: () => {
        if (!onlineManager.isOnline()) {
          throw new OfflineError();
        }
      },
      onError: (error, _vars, _ctx, mutation) => notifyUnlessSilent(error, mutation.meta?.silent),
    }),
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: true },
      // `always`: a mutation never waits (paused) for the network; offline it fails at once, above.
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}
