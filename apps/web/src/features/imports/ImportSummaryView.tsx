import { Paper, SimpleGrid, Text } from '@mantine/core';
import type { ImportSummary } from '@graftmatch/domain';
import { useTranslation } from 'react-i18next';
import classes from './imports.module.css';

const COUNTS = ['rows', 'inserted', 'updated', 'unchanged', 'failed'] as const;

/** How the rows of a file fared: read, new, updated, unchanged, refused. */
export function ImportSummaryView({ summary, dryRun }: { summary: ImportSummary; dryRun: boolean }) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 2, xs: 3, sm: 5 }} spacing="xs" data-testid="import-summary">
      {COUNTS.map((count) => (
        <Paper key={count} withBorder p="xs" radius="md" className={classes.stat}>
          <Text size="xl" fw={700} data-testid={`import-count-${count}`}>
            {summary[count]}
          </Text>
          <Text size="sm">{t(`imports.counts.${dryRun ? 'dryRun' : 'done'}.${count}`)}</Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
