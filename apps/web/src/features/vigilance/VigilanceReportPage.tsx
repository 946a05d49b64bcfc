import { useState } from 'react';
import { Anchor, Badge, Button, Group, Paper, Stack, Table, Text, Textarea } from '@mantine/core';
import { LiftQuarantineRequest, maxLengthOf, webPaths, type VigilanceReport } from '@graftmatch/domain';
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
import { getLookback, getReport, liftQuarantine, quarantineDonation } from './api';
import { vigilanceKeys } from './keys';
import { confirmFirst, reportReference, StateBadge } from './reportParts';
import { ReportSteps } from './ReportSteps';
import { ReportFhirDownload } from './ReportFhirDownload';
import { VigilanceClock } from './VigilanceClock';

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
  const graftLink = bank ? webPaths.euteDonation(report.lot) : webPaths.clinicGraft(report.lot);
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
      <ReportSteps report={report} bank={bank} clinic={clinic} />
      {(bank || report.quarantine) && <Quarantine report={report} bank={bank} />}
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
    <Section title={t('vigilance.quarantineTitle')}>
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
              confirmFirst(t('vigilance.quarantine'), t('vigilance.quarantineConfirm'), () =>
                quarantine.mutate(undefined),
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
              maxLength={maxLengthOf(LiftQuarantineRequest, 'reason')}
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
