import { useState } from 'react';
import { Button, List, Stack, Text } from '@mantine/core';
import type { RequestHistoryEntry } from '@graftmatch/domain';
import { useQuery } from '@tanstack/react-query';
import { showDateTime } from '../../i18n/format';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../components/ErrorAlert';
import { getRequestHistory } from './api';
import { requestKeys } from './keys';

// A request's steps and corrections, loaded when opened; a push about the request refreshes it
// (its key is below requestKeys.all).

function Entry({ entry }: { entry: RequestHistoryEntry }) {
  const { t } = useTranslation();
  const when = showDateTime(entry.at);
  const step = entry.action.replace(/^request\./, '');
  if (step === 'mismatch') {
    // A refused scan: the package was another graft (docs/decisions.md, "Scanning").
    return (
      <Text size="sm" c="red.9" fw={500} data-testid="history-mismatch">
        {when} ·{' '}
        {t('corrections.mismatch', {
          step: t(`corrections.mismatchStep.${entry.reason === 'receive' ? 'receive' : 'implant'}`),
          scanned: entry.newValue,
          expected: entry.oldValue,
        })}{' '}
        · {entry.by}
      </Text>
    );
  }
  if (step !== 'correct') {
    return (
      <Text size="sm">
        {when} · {t(`corrections.step.${step}`, { defaultValue: step })} · {entry.by}
      </Text>
    );
  }
  return (
    <Stack gap={0} data-testid="history-correction">
      <Text size="sm" fw={500}>
        {when} ·{' '}
        {t('corrections.corrected', {
          field: t(`corrections.fields.${entry.field ?? 'reason'}`),
          old: entry.oldValue ?? t('common.notDocumented'),
          new: entry.newValue,
        })}{' '}
        · {entry.by}
      </Text>
      <Text size="sm" c="dimmed">
        {t('corrections.because', { reason: entry.reason })}
      </Text>
    </Stack>
  );
}

export function RequestHistoryView({ id }: { id: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const history = useQuery({
    queryKey: [...requestKeys.all, 'history', id],
    queryFn: () => getRequestHistory(id),
    enabled: open,
  });
  return (
    <Stack gap={4}>
      <Button size="compact-xs" variant="subtle" onClick={() => setOpen(!open)} data-testid="history-toggle">
        {t('corrections.history')}
      </Button>
      {open && history.isError && <ErrorAlert error={history.error} />}
      {open && history.data && (
        <List spacing={2} listStyleType="none" data-testid="request-history">
          {history.data.length === 0 && <Text size="sm">{t('corrections.historyEmpty')}</Text>}
          {history.data.map((entry, index) => (
            <List.Item key={`${entry.at}-${index}`}>
              <Entry entry={entry} />
            </List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}
