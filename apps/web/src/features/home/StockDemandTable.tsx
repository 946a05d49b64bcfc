import { Anchor, Table } from '@mantine/core';
import { DIAMETER_BAND_MM, isGraftTypeNumber, webPaths, type StockDemandCell } from '@graftmatch/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { typeLabel } from '../grafts/graftFormat';

/** The stock list of one cell: the bank's free grafts of this type within the band. */
export function cellStockLink(cell: StockDemandCell): string | null {
  if (cell.band === null) {
    return null;
  }
  return webPaths.euteStock({
    state: 'free',
    type: cell.type,
    dMin: cell.band,
    dMax: cell.band + DIAMETER_BAND_MM - 0.01,
  });
}

/** Stock against demand as a table: one row per graft type and band; demand without stock is marked. */
export function StockDemandTable({ cells }: { cells: StockDemandCell[] }) {
  const { t } = useTranslation();
  return (
    <Table striped withTableBorder data-testid="stock-demand-table">
      <Table.Caption>{t('dashboard.eute.heatmapCaption')}</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">{t('dashboard.eute.type')}</Table.Th>
          <Table.Th scope="col">{t('dashboard.eute.band')}</Table.Th>
          <Table.Th scope="col">{t('dashboard.eute.stock')}</Table.Th>
          <Table.Th scope="col">{t('dashboard.eute.demand')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {cells.map((cell) => {
          const link = cellStockLink(cell);
          const short = cell.demand > 0 && cell.stock === 0;
          return (
            <Table.Tr key={`${cell.type}:${cell.band}`} data-short={short || undefined}>
              <Table.Th scope="row" fw={400}>
                {isGraftTypeNumber(cell.type) ? typeLabel(t, cell.type) : cell.type}
              </Table.Th>
              <Table.Td>
                {cell.band === null
                  ? t('dashboard.eute.unknownBand')
                  : `${cell.band}–${cell.band + DIAMETER_BAND_MM} mm`}
              </Table.Td>
              <Table.Td>
                {link && cell.stock > 0 ? (
                  <Anchor component={Link} to={link}>
                    {cell.stock}
                  </Anchor>
                ) : (
                  cell.stock
                )}
              </Table.Td>
              <Table.Td fw={short ? 700 : undefined} c={short ? 'red.9' : undefined}>
                {cell.demand}
                {short && ` (${t('dashboard.eute.noStock')})`}
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
