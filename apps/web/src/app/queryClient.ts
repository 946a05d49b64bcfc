import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/errors';
import { SessionEndedError } from '../api/client';
import { i18n } from '../i18n';
import { errorMessage } from './errorMessage';
import { notify } from '../components/notify';

declare module '@tanstack/react-query' {
  interface Register {
    // `silent`: the screen shows this failure itself (a form message), so no toast.
    queryMeta: { silent?: boolean };
    mutationMeta: { silent?: boolean };
  }
}

function notifyFailure(error: unknown, silent: boolean | undefined) {
  // An ended session leads to the login page, which says so; a toast would only repeat it.
  if (silent || error instanceof SessionEndedError) {
    return;
  }
  notify('error', errorMessage(error), i18n.t('errors.title'));
}

/** Client errors (4xx) will not change by asking again; network and server faults may. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  const permanent = error instanceof ApiError && error.status >= 400 && error.status < 500;
  return !permanent && failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => notifyFailure(error, query.meta?.silent) }),
    mutationCache: new MutationCache({
      onError: (error, _vars, _ctx, mutation) => notifyFailure(error, mutation.meta?.silent),
    }),
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: true },
      mutations: { retry: false },
    },
  });
}
