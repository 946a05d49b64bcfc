import { Paper, Progress, Stack, Text } from '@mantine/core';

/** An upload under way: the server answers only when it has read every row. */
export function BusyState({ label }: { label: string }) {
  return (
    <Paper withBorder p="md" radius="md" role="status" aria-live="polite" data-testid="import-busy">
      <Stack gap="xs">
        <Text>{label}</Text>
        <Progress value={100} animated striped aria-label={label} />
      </Stack>
    </Paper>
  );
}
