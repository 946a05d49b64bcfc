import { startTransition, useEffect, useState } from 'react';
import { Group, Loader, Paper, Text } from '@mantine/core';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';

const isBusy = (queryClient: QueryClient) => queryClient.isFetching() + queryClient.isMutating() > 0;

/**
 * Whether any request is in flight, updated as a transition: a request that starts or ends while
 * a page is being drawn in the background then joins that render instead of interrupting it,
 * which would make React start the page again (docs/performance.md, "Web delivery").
 */
function useBusy(): boolean {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(() => isBusy(queryClient));
  useEffect(() => {
    const update = () => {
      const next = isBusy(queryClient);
      startTransition(() => setBusy(next));
    };
    const stopQueries = queryClient.getQueryCache().subscribe(update);
    const stopMutations = queryClient.getMutationCache().subscribe(update);
    update();
    return () => {
      stopQueries();
      stopMutations();
    };
  }, [queryClient]);
  return busy;
}

/** 'Loading...' with a spinner whenever any request is in flight (spec §2). It never takes clicks. */
export function GlobalLoader() {
  const { t } = useTranslation();
  const busy = useBusy();
  return (
    <div role="status" aria-live="polite" className="global-loader">
      {busy && (
        <Paper shadow="md" radius="xl" px="md" py={6} withBorder data-testid="global-loading">
          <Group gap="xs" wrap="nowrap">
            <Loader size="xs" aria-hidden />
            <Text size="sm" fw={500}>
              {t('common.loading')}
            </Text>
          </Group>
        </Paper>
      )}
    </div>
  );
}
