import '@mantine/charts/styles.css';
import { LineChart } from '@mantine/charts';
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ChartPoint } from './outcomeView';

const YEARS = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10];

/**
 * A step curve with its 95 % limits dashed: a lazy chunk of its own, so no other page carries the
 * chart library; hidden from screen readers, which read the table below it.
 */
export default function OutcomeChart({
  title,
  points,
  testId,
}: {
  title: string;
  points: ChartPoint[];
  testId: string;
}) {
  const { t, i18n } = useTranslation();
  const asPercent = (value: number) => `${Math.round(value * 100)} %`;
  return (
    <div aria-hidden data-testid={testId}>
      <Text fw={600} size="sm" mb={4}>
        {title}
      </Text>
      <LineChart
        h={220}
        data={points}
        dataKey="years"
        series={[
          { name: 'estimate', label: t('outcomes.chart.estimate'), color: 'teal.8' },
          { name: 'lower', label: t('outcomes.chart.limits'), color: 'gray.6', strokeDasharray: '4 3' },
          { name: 'upper', label: t('outcomes.chart.limits'), color: 'gray.6', strokeDasharray: '4 3' },
        ]}
        curveType="stepAfter"
        withDots={false}
        withTooltip={false}
        yAxisProps={{ domain: [0, 1], tickFormatter: asPercent }}
        xAxisProps={{
          type: 'number',
          domain: [0, 10],
          ticks: YEARS,
          allowDataOverflow: true,
          tickFormatter: (years: number) => new Intl.NumberFormat(i18n.language).format(years),
        }}
        xAxisLabel={t('outcomes.chart.years')}
        lineChartProps={{ accessibilityLayer: false }}
      />
    </div>
  );
}
