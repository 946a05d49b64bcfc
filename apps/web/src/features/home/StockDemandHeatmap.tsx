import { Anchor, List, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import {
  DIAMETER_BAND_MM,
  isGraftTypeNumber,
  shortagesFirst,
  stockDemandState,
  type StockDemandCell,
} from '@graftmatch/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { typeLabel } from '../grafts/graftFormat';
import { Disclosure } from './Disclosure';
import { cellStockLink, StockDemandTable } from './StockDemandTable';
import classes from './StockDemandHeatmap.module.css';

/** Shortages named above the grid; the rest are in it. */
const SHORTAGES_NAMED = 5;

const byBand = (a: number | null, b: number | null) => (a ?? Infinity) - (b ?? Infinity);

/**
 * Stock against demand on one screen: the shortages first, then graft type × 5 mm band with free
 * stock / open demand in each cell, the long table behind "Show all".
 */
export function StockDemandHeatmap({ cells }: { cells: StockDemandCell[] }) {
  const { t } = useTranslation();
  const types = [...new Set(cells.map((cell) => cell.type))].sort((a, b) => a - b);
  const bands = [...new Set(cells.map((cell) => cell.band))].sort(byBand);
  const at = new Map(cells.map((cell) => [`${cell.type}:${cell.band}`, cell]));
  const shortages = shortagesFirst(cells);
  const typeName = (type: number) => (isGraftTypeNumber(type) ? typeLabel(t, type) : String(type));
  const bandName = (band: number | null) =>
    band === null ? t('dashboard.eute.unknownBand') : `${band}–${band + DIAMETER_BAND_MM}`;
  return (
    <Stack gap="sm">
      {shortages.length === 0 ? (
        <Text size="sm" data-testid="no-shortage">
          {t('dashboard.eute.noShortage')}
        </Text>
      ) : (
        <div data-testid="shortages">
          <Text size="sm" fw={700} c="red.9">
            {t('dashboard.eute.shortages', { count: shortages.length })}
          </Text>
          <List size="sm" spacing={2}>
            {shortages.slice(0, SHORTAGES_NAMED).map((cell) => (
              <List.Item key={`${cell.type}:${cell.band}`}>
                {t('dashboard.eute.shortage', {
                  type: typeName(cell.type),
                  band: bandName(cell.band),
                  demand: cell.demand,
                  stock: cell.stock,
                })}
              </List.Item>
            ))}
          </List>
        </div>
      )}
      <Table.ScrollContainer minWidth={96 + bands.length * 48} type="native">
        <Table withTableBorder withColumnBorders fz="sm" data-testid="stock-demand-heatmap">
          <Table.Caption>
            <VisuallyHidden>{t('dashboard.eute.heatmapCaption')}</VisuallyHidden>
          </Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('dashboard.eute.type')}</Table.Th>
              {bands.map((band) => (
                <Table.Th key={String(band)} scope="col" className={classes.cell}>
                  {bandName(band)}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {types.map((type) => (
              <Table.Tr key={type}>
                <Table.Th scope="row" fw={400}>
                  {typeName(type)}
                </Table.Th>
                {bands.map((band) => {
                  const cell = at.get(`${type}:${band}`);
                  const state = cell ? stockDemandState(cell) : 'empty';
                  const link = cell && cell.stock > 0 ? cellStockLink(cell) : null;
                  return (
                    <Table.Td key={String(band)} className={classes.cell} data-state={state}>
                      {cell && state !== 'empty' ? (
                        <>
                          {link ? (
                            <Anchor component={Link} to={link} inherit>
                              {cell.stock}
                            </Anchor>
                          ) : (
                            cell.stock
                          )}
                          {` / ${cell.demand}`}
                          {state === 'short' && <VisuallyHidden>{` ${t('dashboard.eute.short')}`}</VisuallyHidden>}
                        </>
                      ) : (
                        <>
                          <span aria-hidden>·</span>
                          <VisuallyHidden>{t('dashboard.eute.none')}</VisuallyHidden>
                        </>
                      )}
                    </Table.Td>
                  );
                })}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Text size="xs" c="dimmed">
        {t('dashboard.eute.heatmapLegend')}
      </Text>
      <Disclosure
        show={t('dashboard.eute.showAll', { count: cells.length })}
        hide={t('dashboard.eute.hideAll')}
        testId="stock-demand-all"
      >
        <StockDemandTable cells={cells} />
      </Disclosure>
    </Stack>
  );
}
