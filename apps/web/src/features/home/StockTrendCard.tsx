import { lazy, Suspense, useState } from 'react';
import { NativeSelect, Table, Text } from '@mantine/core';
import { isGraftTypeNumber, type StockTrend } from '@graftmatch/domain';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../components/ErrorAlert';
import { typeLabel } from '../grafts/graftFormat';
import { getStockTrend } from './api';
import { Disclosure } from './Disclosure';
import { HomeCard, Nothing } from './HomeCard';
import { dashboardKeys } from './keys';
import type { TrendPoint } from './StockTrendChart';

// A lazy chunk (docs/performance.md): only the bank's home fetches the chart library.
const StockTrendChart = lazy(() => import('./StockTrendChart'));

const ALL = 'all';

/** Each month's stock and demand of one type, or of all types together. */
function pointsOf(trend: StockTrend, type: string): TrendPoint[] {
  return trend.months.map((month) => {
    const shown = type === ALL ? month.types : month.types.filter((each) => String(each.type) === type);
    return {
      month: month.month,
      stock: shown.reduce((sum, each) => sum + each.stock, 0),
      demand: shown.reduce((sum, each) => sum + each.demand, 0),
    };
  });
}

/**
 * The bank's free stock and open demand at each of the last 12 months' ends, per graft type (its
 * own request, so the home's counters do not wait for it): a line chart, and the same as a table on
 * demand.
 */
export function StockTrendCard() {
  const { t } = useTranslation();
  const trend = useQuery({ queryKey: dashboardKeys.trend, queryFn: getStockTrend });
  const [type, setType] = useState(ALL);
  const types = [...new Set(trend.data?.months.flatMap((month) => month.types.map((each) => each.type)) ?? [])];
  const label = (value: number) => (isGraftTypeNumber(value) ? typeLabel(t, value) : String(value));
  const points = trend.data ? pointsOf(trend.data, type) : [];
  const empty = points.every((point) => point.stock === 0 && point.demand === 0);
  return (
    <HomeCard title={t('dashboard.eute.trend')} testId="card-trend" counters={null}>
      {trend.isPending && <Text size="sm">{t('dashboard.eute.trendLoading')}</Text>}
      {trend.isError && <ErrorAlert error={trend.error} onRetry={() => void trend.refetch()} />}
      {trend.isSuccess &&
        (types.length === 0 ? (
          <Nothing text={t('dashboard.eute.noTrend')} />
        ) : (
          <>
            <NativeSelect
              label={t('dashboard.eute.trendType')}
              value={type}
              onChange={(event) => setType(event.currentTarget.value)}
              data={[
                { value: ALL, label: t('dashboard.eute.allTypes') },
                ...types.sort((a, b) => a - b).map((each) => ({ value: String(each), label: label(each) })),
              ]}
              mb="sm"
              data-testid="trend-type"
            />
            {!empty && (
              <Suspense fallback={<Text size="sm">{t('dashboard.eute.chartLoading')}</Text>}>
                <StockTrendChart points={points} />
              </Suspense>
            )}
            <Disclosure
              show={t('dashboard.eute.showTrendTable')}
              hide={t('dashboard.eute.hideTrendTable')}
              testId="trend-table-toggle"
            >
              <Table striped withTableBorder data-testid="stock-trend-table">
                <Table.Caption>{t('dashboard.eute.trendCaption')}</Table.Caption>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">{t('dashboard.eute.month')}</Table.Th>
                    <Table.Th scope="col">{t('dashboard.eute.stock')}</Table.Th>
                    <Table.Th scope="col">{t('dashboard.eute.demand')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {points.map((point) => (
                    <Table.Tr key={point.month}>
                      <Table.Th scope="row" fw={400}>
                        {point.month}
                      </Table.Th>
                      <Table.Td>{point.stock}</Table.Td>
                      <Table.Td>{point.demand}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Disclosure>
          </>
        ))}
    </HomeCard>
  );
}
