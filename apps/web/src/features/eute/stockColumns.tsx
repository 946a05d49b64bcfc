import { Badge, Group, Text } from '@mantine/core';
import { expiryUrgency, toIsoDate, webPaths, type StockGraft, type StockState } from '@graftmatch/domain';
import type { TFunction } from 'i18next';
import type { Column } from '../../components/ColumnTable';
import { ExpiryBadge } from '../grafts/ExpiryBadge';
import { lotColumn } from '../grafts/graftColumns';
import { expiryDate, lengthRange, mm, typeLabel } from '../grafts/graftFormat';
import { sortHeader, type Sorting } from '../grafts/graftSort';

const STATE_COLOURS: Record<StockState, string> = {
  free: 'teal',
  reserved: 'violet',
  assigned: 'blue',
  delivered: 'gray',
};

/** The columns of the bank's stock; table and cards show the same facts. */
export function stockColumns(t: TFunction, today: string, sorting: Sorting): Column<StockGraft>[] {
  const sortBy = (column: 'expiry' | 'size') => sortHeader(sorting.sort, column, sorting.onSort);
  const type = (graft: StockGraft) => typeLabel(t, graft.t_ProdName_2);
  return [
    lotColumn(t, webPaths.euteDonation),
    { key: 'type', header: t('graft.type'), cell: type, clamp: type },
    {
      key: 'size',
      header: t('graft.dProximal'),
      nowrap: true,
      cell: (graft) => mm(graft.t_Dproximal),
      sort: sortBy('size'),
    },
    {
      key: 'length',
      header: t('graft.length'),
      nowrap: true,
      cell: (graft) => lengthRange(graft.t_Lmin, graft.t_Lmax),
    },
    {
      key: 'expiry',
      header: t('graft.expiry'),
      nowrap: true,
      sort: sortBy('expiry'),
      cell: (graft) => {
        const urgency = expiryUrgency(toIsoDate(graft.expiry.outValue), today);
        return (
          <Group gap={6} wrap="nowrap">
            <span data-testid="stock-expiry">{expiryDate(graft)}</span>
            {urgency && <ExpiryBadge urgency={urgency} />}
          </Group>
        );
      },
    },
    {
      key: 'state',
      header: t('eute.stock.stateClinic'),
      // The clinic of an assigned or delivered graft under its state: one column less to fit the screen.
      cell: (graft) => (
        <>
          <Badge color={STATE_COLOURS[graft.stockState]} variant="outline" data-testid="stock-state">
            {t(`eute.stock.states.${graft.stockState}`)}
          </Badge>
          {graft.c_Name && (
            <Text size="xs" c="dimmed" lineClamp={1} title={graft.c_Name} maw={150} data-testid="stock-clinic">
              {graft.c_Name}
            </Text>
          )}
        </>
      ),
    },
    {
      key: 'fitting',
      header: t('eute.stock.fitting'),
      cell: (graft) => (
        <span data-testid="stock-fitting">
          {graft.fittingEntries === null ? '–' : t('eute.stock.fittingCount', { count: graft.fittingEntries })}
        </span>
      ),
    },
  ];
}
