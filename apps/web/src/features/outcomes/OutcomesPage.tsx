import { lazy, Suspense, useState } from 'react';
import { Button, NativeSelect, SimpleGrid, Stack, Text } from '@mantine/core';
import { GRAFT_TYPES, type Outcomes } from '@graftmatch/domain';
import { IconDownload } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DayInput } from '../../components/DayInput';
import { EmptyState } from '../../components/EmptyState';
import { ErrorAlert } from '../../components/ErrorAlert';
import { NoAccess } from '../../components/NoAccess';
import { PageLoader } from '../../components/PageLoader';
import { PageTitle } from '../../components/PageTitle';
import { adminKeys, listEutes } from '../admin';
import { areasOf, useMe } from '../auth';
import { typeLabel } from '../grafts/graftFormat';
import { saveFile } from '../../lib/saveFile';
import { downloadOutcomes, getOutcomes, type OutcomesFilter, type OutcomesReach } from './api';
import { outcomeKeys } from './keys';
import { OutcomeTable } from './OutcomeTable';
import { chartPoints, percent } from './outcomeView';

// A lazy chunk (docs/performance.md): only this page fetches the chart library.
const OutcomeChart = lazy(() => import('./OutcomeChart'));

const ALL = '';

/** `home/quality`: the banks' quality view for their employees, every bank's and the network's for admins and auditors. */
export function OutcomesPage() {
  const me = useMe();
  const user = me.data;
  if (!user) {
    return <PageLoader />;
  }
  const areas = areasOf(user);
  if (!areas.eute && !areas.admin) {
    return <NoAccess />;
  }
  const network = user.admin || user.audit;
  return <QualityView reach={network ? 'network' : 'banks'} ownBanks={user.eutes} />;
}

function QualityView({ reach, ownBanks }: { reach: OutcomesReach; ownBanks: { id: string; name: string }[] }) {
  const { t, i18n } = useTranslation();
  const [filter, setFilter] = useState<OutcomesFilter>({});
  const set = (patch: Partial<OutcomesFilter>) =>
    setFilter((current) => {
      const next: OutcomesFilter = { ...current, ...patch };
      for (const key of Object.keys(next) as (keyof OutcomesFilter)[]) {
        if (next[key] === undefined || next[key] === '') {
          delete next[key];
        }
      }
      return next;
    });
  // A period that ends before it starts is pointed out at its end, and not asked for.
  const reversed = filter.from !== undefined && filter.to !== undefined && filter.to < filter.from;
  const everyBank = useQuery({
    queryKey: adminKeys.eutes('all'),
    queryFn: () => listEutes('all'),
    enabled: reach === 'network',
  });
  const banks =
    reach === 'network'
      ? (everyBank.data ?? []).map((eute) => ({ value: eute.id, label: eute.name }))
      : ownBanks.map((eute) => ({ value: eute.id, label: eute.name }));
  const view = useQuery({
    queryKey: outcomeKeys.view(reach, filter),
    queryFn: ({ signal }) => getOutcomes(reach, filter, signal),
    enabled: !reversed,
  });
  const exported = useMutation({
    mutationFn: () => downloadOutcomes(reach, filter),
    onSuccess: ({ blob, fileName }) => saveFile(blob, fileName ?? 'outcomes.csv'),
  });

  return (
    <>
      <PageTitle title={t('outcomes.title')}>
        <Button
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
          onClick={() => exported.mutate()}
          loading={exported.isPending}
          disabled={!view.data || reversed}
          data-testid="outcomes-csv"
        >
          {t('outcomes.downloadCsv')}
        </Button>
      </PageTitle>
      <Text size="sm" c="dimmed" mb="sm">
        {t('outcomes.intro')}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: banks.length > 1 || reach === 'network' ? 4 : 3 }} mb="md">
        {(banks.length > 1 || reach === 'network') && (
          <NativeSelect
            label={t('outcomes.bank')}
            value={filter.bank ?? ALL}
            onChange={(event) => set({ bank: event.currentTarget.value || undefined })}
            data={[
              { value: ALL, label: reach === 'network' ? t('outcomes.network') : t('outcomes.allMyBanks') },
              ...banks,
            ]}
            data-testid="outcomes-bank"
          />
        )}
        <NativeSelect
          label={t('outcomes.type')}
          value={filter.type === undefined ? ALL : String(filter.type)}
          onChange={(event) => set({ type: event.currentTarget.value ? Number(event.currentTarget.value) : undefined })}
          data={[
            { value: ALL, label: t('outcomes.allTypes') },
            ...GRAFT_TYPES.map((type) => ({ value: String(type.number), label: typeLabel(t, type.number) })),
          ]}
          data-testid="outcomes-type"
        />
        <DayInput
          label={t('outcomes.from')}
          value={filter.from ?? null}
          onChange={(day) => set({ from: day || undefined })}
          clearable
          data-testid="outcomes-from"
        />
        <DayInput
          label={t('outcomes.to')}
          value={filter.to ?? null}
          onChange={(day) => set({ to: day || undefined })}
          clearable
          error={reversed ? t('outcomes.toBeforeFrom') : undefined}
          data-testid="outcomes-to"
        />
      </SimpleGrid>
      {exported.isError && <ErrorAlert error={exported.error} />}
      {view.isPending && !reversed && <PageLoader />}
      {view.isError && <ErrorAlert error={view.error} onRetry={() => void view.refetch()} />}
      {view.data &&
        (view.data.all.grafts === 0 ? (
          <EmptyState title={t('outcomes.empty')} description={t('outcomes.emptyHint')} testId="outcomes-empty" />
        ) : (
          <Shown outcomes={view.data} language={i18n.language} />
        ))}
    </>
  );
}

/** The totals, the curves of the type chosen (or of all types), and the table. */
function Shown({ outcomes, language }: { outcomes: Outcomes; language: string }) {
  const { t } = useTranslation();
  const { all } = outcomes;
  const curves = outcomes.types.find((type) => type.type === outcomes.type)?.curves ?? all.curves;
  return (
    <Stack gap="md">
      <Text data-testid="outcomes-totals">
        {t('outcomes.totals', {
          grafts: all.grafts,
          completeness: all.completeness === null ? t('outcomes.noEstimate') : percent(all.completeness, language),
          recorded: all.followUpsRecorded,
          due: all.followUpsDue,
        })}
      </Text>
      <Suspense fallback={<Text size="sm">{t('outcomes.chartLoading')}</Text>}>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <OutcomeChart
            title={t('outcomes.chart.freedom')}
            points={chartPoints(curves.freedom)}
            testId="outcomes-freedom-chart"
          />
          <OutcomeChart
            title={t('outcomes.chart.explant')}
            points={chartPoints(curves.explant)}
            testId="outcomes-explant-chart"
          />
        </SimpleGrid>
      </Suspense>
      <OutcomeTable outcomes={outcomes} />
    </Stack>
  );
}
