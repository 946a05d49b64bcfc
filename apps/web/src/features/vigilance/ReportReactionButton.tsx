import { useState } from 'react';
import { Button, SegmentedControl, Stack, Text, Textarea } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { CreateVigilanceReportRequest, maxLengthOf, webPaths, type VigilanceKind } from '@graftmatch/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { FormModal } from '../../components/FormModal';
import { notify } from '../../components/notify';
import { createReport } from './api';
import { vigilanceKeys } from './keys';

/**
 * The query of a graft's page that opens its report form filled in (`?report=SAR&description=`):
 * what another screen links to when something it recorded may be a reaction (a follow-up's explant).
 */
export function reportDraftSearch(draft: { kind: VigilanceKind; description: string }): string {
  return new URLSearchParams({ report: draft.kind, description: draft.description }).toString();
}

/**
 * "Report a reaction" on a graft's page: a physician reports a serious adverse reaction (SAR) on a
 * graft implanted at their clinic; the bank either kind on any of its grafts. Opens the draft.
 * `?report=` (`reportDraftSearch`) opens the form at once, with its kind and description.
 */
export function ReportReactionButton({ lot, kinds }: { lot: string; kinds: readonly VigilanceKind[] }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const asked = kinds.find((kind) => kind === params.get('report'));
  const draft = asked ? { kind: asked, description: params.get('description') ?? '' } : null;
  const [clicked, setOpened] = useState(false);
  // Open while the address asks for it (also when it comes to the page already shown).
  const opened = clicked || draft !== null;
  const close = () => {
    setOpened(false);
    if (params.has('report')) {
      setParams({}, { replace: true });
    }
  };
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
      <FormModal opened={opened} onClose={close} title={t('vigilance.reportTitle', { lot })}>
        <ReportForm lot={lot} kinds={kinds} draft={draft} />
      </FormModal>
    </>
  );
}

function ReportForm({
  lot,
  kinds,
  draft,
}: {
  lot: string;
  kinds: readonly VigilanceKind[];
  draft: { kind: VigilanceKind; description: string } | null;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [kind, setKind] = useState<VigilanceKind>(draft?.kind ?? kinds[0] ?? 'SAR');
  const [description, setDescription] = useState(draft?.description ?? '');
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
          maxLength={maxLengthOf(CreateVigilanceReportRequest, 'description')}
          data-testid="vigilance-description"
        />
        <Button type="submit" loading={create.isPending} data-testid="vigilance-create">
          {t('vigilance.create')}
        </Button>
      </Stack>
    </form>
  );
}
