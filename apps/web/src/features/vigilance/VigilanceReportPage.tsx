import { useState } from 'react';
import { Anchor, Badge, Button, Group, Paper, Stack, Stepper, Table, Text, Textarea, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { ANNEX_PARTS, webPaths, type UpdateVigilanceReportRequest, type VigilanceReport } from '@graftmatch/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { BackButton } from '../../components/BackButton';
import { ErrorAlert } from '../../components/ErrorAlert';
import { showDateTime } from '../../i18n/format';
import { FormModal } from '../../components/FormModal';
import { notify } from '../../components/notify';
import { PageLoader } from '../../components/PageLoader';
import { PageTitle } from '../../components/PageTitle';
import { useMe, useReadOnly } from '../auth';
import { Section } from '../grafts/GraftDetailsScreen';
import {
  confirmReport,
  getLookback,
  getReport,
  liftQuarantine,
  patchReport,
  quarantineDonation,
  submitNotification,
} from './api';
import { vigilanceKeys } from './keys';
import { AnnexPartFields, EDITABLE, reportReference, StateBadge, type Values } from './reportParts';
import { ReportFhirDownload } from './ReportFhirDownload';
import { VigilanceClock } from './VigilanceClock';

/** Asks before a step that cannot be undone. */
function confirmFirst(title: string, text: string, onConfirm: () => void, t: (key: string) => string) {
  modals.openConfirmModal({
    title,
    children: <Text size="sm">{text}</Text>,
    labels: { confirm: title, cancel: t('common.cancel') },
    confirmProps: { 'data-testid': 'confirm-step' },
    cancelProps: { 'data-testid': 'confirm-cancel' },
    closeButtonProps: { 'aria-label': t('common.close') },
    onConfirm,
  });
}

/** `home/vigilance/{id}`: one report, its two parts as two steps, the look-back and the quarantine. */
export function VigilanceReportPage() {
  const { id = '' } = useParams();
  const report = useQuery({ queryKey: vigilanceKeys.report(id), queryFn: () => getReport(id) });
  return (
    <>
      <BackButton />
      {report.isPending && <PageLoader />}
      {report.isError && <ErrorAlert error={report.error} onRetry={() => void report.refetch()} />}
      {report.data && <ReportView report={report.data} />}
    </>
  );
}

function ReportView({ report }: { report: VigilanceReport }) {
  const { t } = useTranslation();
  const me = useMe();
  const readOnly = useReadOnly();
  const bank = !readOnly && (me.data?.eutes.some((eute) => eute.id === report.bankId) ?? false);
  // A physician of the report's clinic writes part A; admins and auditors only read.
  const clinic = !readOnly && !bank && !me.data?.admin && (me.data?.clinics.length ?? 0) > 0;
  const graftLink = bank ? `/home/eute/donation/${encodeURIComponent(report.lot)}` : webPaths.clinicGraft(report.lot);
  return (
    <Stack gap="md">
      <PageTitle title={t('vigilance.title', { kind: report.kind, reference: reportReference(report) })}>
        <StateBadge state={report.state} />
        <ReportFhirDownload id={report.id} reference={reportReference(report)} />
      </PageTitle>
      <Paper withBorder p="md">
        <Stack gap={4}>
          <Text size="sm">
            {t('vigilance.lot')}:{' '}
            <Anchor component={Link} to={graftLink}>
              {report.lot}
            </Anchor>
          </Text>
          <Text size="sm">
            {t('vigilance.bank')}: {report.bankName}
            {report.clinicName ? ` · ${t('vigilance.clinic')}: ${report.clinicName}` : ''}
          </Text>
          <Text size="sm">
            {t('vigilance.discovered')}: {showDateTime(report.discoveredAt)}
          </Text>
          <VigilanceClock report={report} />
        </Stack>
      </Paper>
      <Parts report={report} bank={bank} clinic={clinic} />
      <Quarantine report={report} bank={bank} />
      <LookbackSection id={report.id} />
    </Stack>
  );
}

function useReportMutation<T>(
  fn: (input: T) => Promise<VigilanceReport>,
  message: string | ((changed: VigilanceReport) => string),
  onDone?: () => void,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async (changed) => {
      queryClient.setQueryData(vigilanceKeys.report(changed.id), changed);
      await queryClient.invalidateQueries({ queryKey: vigilanceKeys.all });
      notify('success', typeof message === 'string' ? message : message(changed));
      onDone?.();
    },
  });
}

/** Of the values, the ones the reporter edits (what a PATCH may carry). */
const editableOf = (values: Values) =>
  Object.fromEntries(Object.entries(values).filter(([name]) => name in EDITABLE && name !== 'confirmationDate'));

function Parts({ report, bank, clinic }: { report: VigilanceReport; bank: boolean; clinic: boolean }) {
  const { t } = useTranslation();
  const parts = ANNEX_PARTS[report.kind];
  const stored = report.sar ?? report.sae;
  const [partA, setPartA] = useState<Values>(() => ({ ...(stored?.notification ?? {}) }));
  const [partB, setPartB] = useState<Values>(() => ({ ...(stored?.confirmation ?? {}) }));
  const [active, setActive] = useState(report.state === 'draft' ? 0 : 1);
  const writesA = report.state === 'draft' && (bank || clinic);
  const writesB = report.state === 'notified' && bank;
  const editA = new Set(writesA ? Object.keys(EDITABLE) : []);
  const editB = new Set(writesB ? Object.keys(EDITABLE) : []);
  const body = (stage: 'A' | 'B'): UpdateVigilanceReportRequest => {
    const key = `${report.kind === 'SAR' ? 'sar' : 'sae'}${stage === 'A' ? 'Notification' : 'Confirmation'}`;
    return { [key]: editableOf(stage === 'A' ? partA : partB) } as UpdateVigilanceReportRequest;
  };
  const save = useReportMutation((stage: 'A' | 'B') => patchReport(report.id, body(stage)), t('vigilance.saved'));
  const submit = useReportMutation(
    async (stage: 'A' | 'B') => {
      await patchReport(report.id, body(stage));
      return stage === 'A' ? submitNotification(report.id) : confirmReport(report.id);
    },
    (changed) => t(changed.state === 'confirmed' ? 'vigilance.confirmed' : 'vigilance.notified'),
    () => setActive(1),
  );
  const set = (setter: typeof setPartA) => (name: string, value: unknown) =>
    setter((values) => ({ ...values, [name]: value }));
  return (
    <Section title={t('vigilance.kind' + report.kind)}>
      <Stepper active={active} onStepClick={setActive} orientation="horizontal" size="sm" allowNextStepsSelect={false}>
        <Stepper.Step label={t('vigilance.stepA')} description={t('vigilance.stepADescription')}>
          <Stack gap="md">
            <AnnexPartFields annex={parts.notification} values={partA} editable={editA} onChange={set(setPartA)} />
            <Title order={3} size="h5">
              {t('vigilance.soho')}
            </Title>
            <AnnexPartFields annex="Art44-3" values={partA} editable={editA} onChange={set(setPartA)} />
            {writesA && (
              <Group>
                <Button
                  variant="default"
                  loading={save.isPending}
                  onClick={() => save.mutate('A')}
                  data-testid="save-a"
                >
                  {t('vigilance.save')}
                </Button>
                <Button
                  loading={submit.isPending}
                  onClick={() =>
                    confirmFirst(
                      t('vigilance.submitNotification'),
                      t('vigilance.submitNotificationConfirm'),
                      () => submit.mutate('A'),
                      t,
                    )
                  }
                  data-testid="submit-notification"
                >
                  {t('vigilance.submitNotification')}
                </Button>
              </Group>
            )}
          </Stack>
        </Stepper.Step>
        <Stepper.Step
          label={t('vigilance.stepB')}
          description={t('vigilance.stepBDescription')}
          allowStepSelect={report.state !== 'draft'}
        >
          {report.state === 'draft' ? (
            <Text size="sm">{t('vigilance.waitingForA')}</Text>
          ) : (
            <Stack gap="md">
              <AnnexPartFields
                annex={parts.confirmation}
                values={{ ...partA, ...partB }}
                editable={editB}
                onChange={set(setPartB)}
              />
              {report.state === 'notified' && !bank && <Text size="sm">{t('vigilance.waitingForBank')}</Text>}
              {writesB && (
                <Group>
                  <Button
                    variant="default"
                    loading={save.isPending}
                    onClick={() => save.mutate('B')}
                    data-testid="save-b"
                  >
                    {t('vigilance.save')}
                  </Button>
                  <Button
                    loading={submit.isPending}
                    onClick={() =>
                      confirmFirst(t('vigilance.confirm'), t('vigilance.confirmConfirm'), () => submit.mutate('B'), t)
                    }
                    data-testid="confirm-report"
                  >
                    {t('vigilance.confirm')}
                  </Button>
                </Group>
              )}
            </Stack>
          )}
        </Stepper.Step>
      </Stepper>
    </Section>
  );
}

function Quarantine({ report, bank }: { report: VigilanceReport; bank: boolean }) {
  const { t } = useTranslation();
  const [lifting, setLifting] = useState(false);
  const [reason, setReason] = useState('');
  const quarantine = useReportMutation(() => quarantineDonation(report.id), t('vigilance.quarantineDone'));
  const lift = useReportMutation(
    () => liftQuarantine(report.id, reason.trim()),
    t('vigilance.liftDone'),
    () => setLifting(false),
  );
  const active = report.quarantine !== null && report.quarantine.liftedAt === null;
  return (
    <Section title={t('vigilance.where.quarantined')}>
      <Stack gap="sm">
        {report.quarantine && (
          <Text size="sm" data-testid="quarantine-state">
            {t('vigilance.quarantined', {
              time: showDateTime(report.quarantine.since),
              lots: report.quarantine.lots.join(', ') || '–',
            })}
          </Text>
        )}
        {report.quarantine?.liftedAt && (
          <Text size="sm">
            {t('vigilance.lifted', {
              time: showDateTime(report.quarantine.liftedAt),
              reason: report.quarantine.liftReason,
            })}
          </Text>
        )}
        {bank && !active && (
          <Button
            color="red.9"
            loading={quarantine.isPending}
            onClick={() =>
              confirmFirst(
                t('vigilance.quarantine'),
                t('vigilance.quarantineConfirm'),
                () => quarantine.mutate(undefined),
                t,
              )
            }
            data-testid="quarantine"
          >
            {t('vigilance.quarantine')}
          </Button>
        )}
        {bank && active && (
          <Button variant="default" onClick={() => setLifting(true)} data-testid="lift-quarantine">
            {t('vigilance.lift')}
          </Button>
        )}
      </Stack>
      <FormModal opened={lifting} onClose={() => setLifting(false)} title={t('vigilance.lift')}>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (reason.trim()) {
              lift.mutate(undefined);
            }
          }}
        >
          <Stack gap="sm">
            <Textarea
              label={t('vigilance.liftReason')}
              required
              value={reason}
              onChange={(event) => setReason(event.currentTarget.value)}
              maxLength={500}
              data-testid="lift-reason"
            />
            <Button type="submit" disabled={!reason.trim()} loading={lift.isPending} data-testid="lift-submit">
              {t('vigilance.lift')}
            </Button>
          </Stack>
        </form>
      </FormModal>
    </Section>
  );
}

function LookbackSection({ id }: { id: string }) {
  const { t } = useTranslation();
  const lookback = useQuery({ queryKey: vigilanceKeys.lookback(id), queryFn: () => getLookback(id) });
  return (
    <Section title={t('vigilance.lookback')}>
      {lookback.isPending && <PageLoader />}
      {lookback.isError && <ErrorAlert error={lookback.error} onRetry={() => void lookback.refetch()} />}
      {lookback.data && (
        <Stack gap="xs">
          <Text size="sm">
            {lookback.data.donationIdentification
              ? t('vigilance.donation', { donation: lookback.data.donationIdentification })
              : t('vigilance.lookbackNone')}
          </Text>
          <Table data-testid="lookback">
            <Table.Tbody>
              {lookback.data.grafts.map((graft) => (
                <Table.Tr key={graft.lot} data-lot={graft.lot} data-whereabouts={graft.whereabouts}>
                  <Table.Td>
                    <Text size="sm" fw={600}>
                      {graft.lot}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {graft.bankName}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4}>
                      <Badge color={graft.whereabouts === 'quarantined' ? 'red.9' : 'gray.7'} variant="light">
                        {t(`vigilance.where.${graft.whereabouts}`)}
                      </Badge>
                      {graft.reported && <Badge variant="outline">{t('vigilance.reported')}</Badge>}
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">
                      {[
                        graft.clinicName,
                        graft.implantedOn ? t('vigilance.implantedOn', { date: graft.implantedOn }) : null,
                      ]
                        .filter(Boolean)
                        .join(', ')}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
      )}
    </Section>
  );
}
