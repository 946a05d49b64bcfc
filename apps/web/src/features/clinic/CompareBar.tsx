import { Button, Group, Paper, Text } from '@mantine/core';
import { IconColumns } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { webPaths } from '@graftmatch/domain';
import { MAX_COMPARED } from './compareLots';

/**
 * What is ticked for a side-by-side comparison, shown once something is: open it, or untick all.
 * It stays at the foot of the screen below the results, so appearing moves nothing under the finger.
 */
export function CompareBar({ compared, onClear }: { compared: readonly string[]; onClear: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Paper
      withBorder
      shadow="sm"
      p="xs"
      style={{ position: 'sticky', bottom: 'var(--mantine-spacing-xs)', zIndex: 2 }}
      data-testid="compare-bar"
    >
      <Group gap="sm">
        <Text size="sm" c="dimmed" aria-live="polite">
          {t('compare.ticked', { count: compared.length, max: MAX_COMPARED })}
        </Text>
        <Button
          onClick={() => void navigate(webPaths.clinicCompare(compared))}
          size="xs"
          leftSection={<IconColumns size={14} aria-hidden />}
          disabled={compared.length < 2}
          data-testid="compare-open"
        >
          {t('compare.open')}
        </Button>
        <Button size="xs" variant="subtle" onClick={onClear} data-testid="compare-clear">
          {t('compare.clear')}
        </Button>
      </Group>
    </Paper>
  );
}
