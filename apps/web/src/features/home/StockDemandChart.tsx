import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { DIAMETER_BAND_MM, isGraftTypeNumber, type StockDemandCell } from '@graftmatch/domain';
import { useTranslation } from 'react-i18next';
import { typeLabel } from '../grafts/graftFormat';

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
