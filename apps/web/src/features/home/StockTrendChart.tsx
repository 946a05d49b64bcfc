import '@mantine/charts/styles.css';
import { LineChart } from '@mantine/charts';
import { useTranslation } from 'react-i18next';

/** One point of the trend: a month's free stock and open demand. */
export interface TrendPoint {
  month: string;
  stock: number;
  demand: number;
}

/**
 * The 12-month trend as two lines, free stock and open demand: a lazy chunk of its own, so no other
 * page carries the chart library; hidden from screen readers, which read the table beside it.
 */
export default function StockTrendChart({ points }: { points: TrendPoint[] }) {
  const { t } = useTranslation();
  return (
    <div aria-hidden data-testid="stock-trend-chart">
      <LineChart
        h={220}
        data={points}
        dataKey="month"
        series={[
          { name: 'stock', label: t('dashboard.eute.stock'), color: 'teal.8' },
          { name: 'demand', label: t('dashboard.eute.demand'), color: 'red.8' },
        ]}
        curveType="linear"
        withLegend
        withTooltip={false}
        lineChartProps={{ accessibilityLayer: false }}
      />
    </div>
  );
}
