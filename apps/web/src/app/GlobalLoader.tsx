import { Group, Loader, Paper, Text } from '@mantine/core';
import { useIsFetching, useIsMutating } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';

/** 'Loading...' with a spinner whenever any request is in flight (spec §2). It never takes clicks. */
export function GlobalLoader() {
  const { t } = useTranslation();
  const busy = useIsFetching() + useIsMutating() > 0;
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
