import type { ReactNode } from 'react';
import { Paper, Stack, Text } from '@mantine/core';

interface Props {
  title: string;
  description?: string;
  action?: ReactNode;
  testId?: string;
}

/** What a list shows when it has nothing, so an empty screen never looks broken. */
export function EmptyState({ title, description, action, testId = 'empty-state' }: Props) {
  return (
    <Paper withBorder p="xl" radius="md" data-testid={testId}>
      <Stack align="center" gap="xs">
        <Text fw={600}>{title}</Text>
        {description && (
          <Text c="dimmed" ta="center" size="sm">
            {description}
          </Text>
        )}
        {action}
      </Stack>
    </Paper>
  );
}
