import { useState } from 'react';
import { Anchor, Badge, Group, Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import { VIGILANCE_PAGE_SIZE as PAGE_SIZE, VIGILANCE_STATES, webPaths, type VigilanceState } from '@graftmatch/domain';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { ErrorAlert } from '../../components/ErrorAlert';
import { PageLoader } from '../../components/PageLoader';
import { PagePicker } from '../../components/PagePicker';
import { PageTitle } from '../../components/PageTitle';
import { listReports } from './api';
import { vigilanceKeys } from './keys';
import { reportReference, StateBadge } from './reportParts';
import { VigilanceClock } from './VigilanceClock';

/**
 * `home/vigilance`: the caller's reports, newest first, each with the clock of its open part.
 * `?show=open` (the bank home's counter): the open reports of the caller's banks, soonest deadline first.
 */
export function VigilanceListPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const show = params.get('show') === 'open' ? 'open' : null;
  const [state, setState] = useState<VigilanceState | 'all'>('all');
  const [page, setPage] = useState(1);
  const reports = useQuery({
    queryKey: vigilanceKeys.list(state, page, show),
    queryFn: () =>
      listReports({
        ...(show ? { show } : {}),
        ...(state === 'all' ? {} : { state }),
        limit: PAGE_SIZE,
        offset: (page - 1) * PAGE_SIZE,
      }),
  });
  return (
    <>
      <PageTitle title={t('vigilance.listTitle')} />
      {show && (
        <Text size="sm" mb="sm" data-testid="vigilance-filter">
          {t('vigilance.onlyOpen')} <Link to={webPaths.vigilance}>{t('vigilance.showAll')}</Link>
        </Text>
      )}
      <SegmentedControl
        mb="md"
        value={state}
        onChange={(value) => {
          setState(value as VigilanceState | 'all');
          setPage(1);
        }}
        data={[
          { value: 'all', label: t('vigilance.filterAll') },
          ...VIGILANCE_STATES.map((value) => ({ value, label: t(`vigilance.state.${value}`) })),
        ]}
        aria-label={t('vigilance.listTitle')}
      />
      {reports.isPending && <PageLoader />}
      {reports.isError && <ErrorAlert error={reports.error} onRetry={() => void reports.refetch()} />}
      {reports.data && reports.data.total === 0 && (
        <EmptyState title={t('vigilance.empty')} description={t('vigilance.emptyHint')} />
      )}
      {reports.data && reports.data.total > 0 && (
        <Stack gap="sm" data-testid="vigilance-list">
          {reports.data.items.map((report) => (
            <Paper key={report.id} withBorder p="md" data-testid="vigilance-item" data-lot={report.lot}>
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Anchor component={Link} to={webPaths.vigilanceReport(report.id)} fw={600}>
                  {reportReference(report)}
                </Anchor>
                <Group gap="xs">
                  <Badge variant="outline">{report.kind}</Badge>
                  <StateBadge state={report.state} />
                  {report.quarantine && !report.quarantine.liftedAt && (
                    <Badge color="red.9">{t('vigilance.where.quarantined')}</Badge>
                  )}
                </Group>
              </Group>
              <Text size="sm" mt={4}>
                {t('vigilance.lot')}: {report.lot} · {t('vigilance.bank')}: {report.bankName}
                {report.clinicName ? ` · ${t('vigilance.clinic')}: ${report.clinicName}` : ''}
              </Text>
              <VigilanceClock report={report} />
            </Paper>
          ))}
          <PagePicker
            pages={Math.ceil(reports.data.total / PAGE_SIZE)}
            page={page}
            onChange={setPage}
            label={t('vigilance.listTitle')}
            testId="vigilance-pages"
          />
        </Stack>
      )}
    </>
  );
}
