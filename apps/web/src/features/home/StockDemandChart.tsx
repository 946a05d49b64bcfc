import '@mantine/charts/styles.css';
import { BarChart, LineChart } from '@mantine/charts';
import { DIAMETER_BAND_MM, isGraftTypeNumber, type StockDemandCell } from '@graftmatch/domain';
import { useTranslation } from 'react-i18next';
import { typeLabel } from '../grafts/graftFormat';

/** One point of the trend: a month's free stock and open demand. */
export interface TrendPoint {
  month: string;
  stock: number;
  demand: number;
}

/**
 * The 12-month trend as two lines, free stock and open demand, in this same lazy chunk; hidden from
 * screen readers like the bars, with its table beside it.
 */
export function StockTrendChart({ points }: { points: TrendPoint[] }) {
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

/**
 * Stock against demand drawn as bars per graft type and band (Mantine's charts on Recharts). A lazy
 * chunk of its own, so no other page carries the chart library; hidden from screen readers, which
 * read the table beside it.
 */
export default function StockDemandChart({ cells }: { cells: StockDemandCell[] }) {
  const { t } = useTranslation();
  const data = cells.map((cell) => ({
    cell: `${isGraftTypeNumber(cell.type) ? typeLabel(t, cell.type) : cell.type} ${
      cell.band === null ? t('dashboard.eute.unknownBand') : `${cell.band}–${cell.band + DIAMETER_BAND_MM}`
    }`,
    stock: cell.stock,
    demand: cell.demand,
  }));
  return (
    <div aria-hidden data-testid="stock-demand-chart">
      <BarChart
        h={Math.max(160, data.length * 28)}
        data={data}
        dataKey="cell"
        orientation="vertical"
        yAxisProps={{ width: 160 }}
        series={[
          { name: 'stock', label: t('dashboard.eute.stock'), color: 'teal.8' },
          { name: 'demand', label: t('dashboard.eute.demand'), color: 'red.8' },
        ]}
        withLegend
        withTooltip={false}
        // No keyboard stop inside a chart hidden from screen readers: the table beside it is the way in.
        barChartProps={{ accessibilityLayer: false }}
      />
    </div>
  );
}
