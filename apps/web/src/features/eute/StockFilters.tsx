import { Button, NumberInput, Select, SimpleGrid } from '@mantine/core';
import {
  EXPIRY_HORIZONS,
  GRAFT_TYPES,
  MAX_STOCK_FILTER_MM,
  STOCK_SORTS,
  STOCK_STATES,
  type GraftTypeNumber,
  type StockSort,
  type StockState,
} from '@graftmatch/domain';
import { useTranslation } from 'react-i18next';
import { typeLabel } from '../grafts/graftFormat';
import { isFiltered, type StockView } from './stockView';

interface Props {
  view: StockView;
  onChange: (changes: Partial<StockView>) => void;
}

const size = (value: string | number) => (typeof value === 'number' ? value : null);

/** The stock's filters: type, diameter range, state and expiry; each change is the URL's at once. */
export function StockFilters({ view, onChange }: Props) {
  const { t } = useTranslation();
  return (
    <SimpleGrid
      cols={{ base: 1, xs: 2, md: 7 }}
      spacing="sm"
      role="group"
      aria-label={t('eute.stock.filters')}
      data-testid="stock-filters"
    >
      <Select
        label={t('graft.type')}
        placeholder={t('eute.stock.anyType')}
        data={GRAFT_TYPES.map((type) => ({ value: String(type.number), label: typeLabel(t, type.number) }))}
        value={view.type === null ? null : String(view.type)}
        onChange={(value) => onChange({ type: value === null ? null : (Number(value) as GraftTypeNumber) })}
        clearable
        data-testid="stock-filter-type"
      />
      {(['dMin', 'dMax'] as const).map((end) => (
        <NumberInput
          key={end}
          label={t(`eute.stock.${end}`)}
          value={view[end] ?? ''}
          onChange={(value) => onChange({ [end]: size(value) })}
          min={0}
          max={MAX_STOCK_FILTER_MM}
          decimalScale={1}
          suffix=" mm"
          data-testid={`stock-filter-${end.toLowerCase()}`}
        />
      ))}
      <Select
        label={t('eute.stock.state')}
        placeholder={t('eute.stock.anyState')}
        data={STOCK_STATES.map((state) => ({ value: state, label: t(`eute.stock.states.${state}`) }))}
        value={view.state}
        onChange={(value) => onChange({ state: value as StockState | null })}
        clearable
        data-testid="stock-filter-state"
      />
      <Select
        label={t('eute.stock.expiresWithin')}
        placeholder={t('eute.stock.anyExpiry')}
        data={EXPIRY_HORIZONS.map((days) => ({ value: String(days), label: t('eute.stock.withinDays', { days }) }))}
        value={view.expiresWithin === null ? null : String(view.expiresWithin)}
        onChange={(value) => onChange({ expiresWithin: value === null ? null : Number(value) })}
        clearable
        data-testid="stock-filter-expiry"
      />
      <Select
        label={t('sort.order')}
        data={STOCK_SORTS.map((sort) => ({ value: sort, label: t(`sort.${sort}`) }))}
        value={view.sort}
        onChange={(value) => onChange({ sort: (value ?? 'expiry') as StockSort })}
        allowDeselect={false}
        data-testid="stock-order"
      />
      <Button
        variant="default"
        mt={{ md: 25 }}
        disabled={!isFiltered(view)}
        onClick={() => onChange({ type: null, dMin: null, dMax: null, state: null, expiresWithin: null })}
        data-testid="stock-filter-clear"
      >
        {t('eute.stock.clearFilters')}
      </Button>
    </SimpleGrid>
  );
}
