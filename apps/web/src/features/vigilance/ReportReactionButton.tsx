import { useState } from 'react';
import { Button, SegmentedControl, Stack, Text, Textarea } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { webPaths, type VigilanceKind } from '@graftmatch/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormModal } from '../../components/FormModal';
import { notify } from '../../components/notify';
import { createReport } from './api';
import { vigilanceKeys } from './keys';

/**
 * "Report a reaction" on a graft's page: a physician reports a serious adverse reaction (SAR) on a
 * graft implanted at their clinic; the bank either kind on any of its grafts. Opens the draft.
 */
export function ReportReactionButton({ lot, kinds }: { lot: string; kinds: readonly VigilanceKind[] }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button
        color="red.9"
        variant="light"
        leftSection={<IconAlertTriangle size={16} aria-hidden />}
        onClick={() => setOpened(true)}
        data-testid="report-reaction"
      >
        {t('vigilance.reportButton')}
      </Button>
      <FormModal opened={opened} onClose={() => setOpened(false)} title={t('vigilance.reportTitle', { lot })}>
        <ReportForm lot={lot} kinds={kinds} />
      </FormModal>
    </>
  );
}

function ReportForm({ lot, kinds }: { lot: string; kinds: readonly VigilanceKind[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [kind, setKind] = useState<VigilanceKind>(kinds[0] ?? 'SAR');
  const [description, setDescription] = useState('');
  const create = useMutation({
    mutationFn: () => createReport({ kind, lot, ...(description.trim() ? { description: description.trim() } : {}) }),
    onSuccess: async (report) => {
      await queryClient.invalidateQueries({ queryKey: vigilanceKeys.all });
      notify('success', t('vigilance.created'));
      await navigate(webPaths.vigilanceReport(report.id));
    },
  });
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        create.mutate();
      }}
    >
      <Stack gap="sm">
        {kinds.length > 1 ? (
          <Stack gap={4}>
            <Text size="sm" fw={500} id="vigilance-kind">
              {t('vigilance.kind')}
            </Text>
            <SegmentedControl
              aria-labelledby="vigilance-kind"
              value={kind}
              onChange={(value) => setKind(value as VigilanceKind)}
              data={kinds.map((value) => ({ value, label: t(`vigilance.kind${value}`) }))}
              fullWidth
              orientation="vertical"
            />
          </Stack>
        ) : (
          <Text size="sm">{t(`vigilance.kind${kind}`)}</Text>
        )}
        <Textarea
          label={t('vigilance.description')}
          value={description}
          onChange={(event) => setDescription(event.currentTarget.value)}
          rows={3}
          maxLength={4000}
          data-testid="vigilance-description"
        />
        <Button type="submit" loading={create.isPending} data-testid="vigilance-create">
          {t('vigilance.create')}
        </Button>
      </Stack>
    </form>
  );
}
