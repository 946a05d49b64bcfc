import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { StockDemandCell } from '@graftmatch/domain';
import { renderRoutes } from '../../test/render';
import { StockDemandHeatmap } from './StockDemandHeatmap';

const CELLS: StockDemandCell[] = [
  { type: 1, band: 20, stock: 2, demand: 1 },
  { type: 1, band: 25, stock: 0, demand: 3 },
  { type: 5, band: 20, stock: 1, demand: 2 },
  { type: 5, band: 15, stock: 4, demand: 0 },
];

const show = (cells: StockDemandCell[]) =>
  renderRoutes([{ path: '/home', element: <StockDemandHeatmap cells={cells} /> }], '/home');

describe("the bank's stock against demand", () => {
  it('names the shortages first, the largest gap first, and marks their cells', async () => {
    show(CELLS);
    const shortages = await screen.findByTestId('shortages');
    expect(within(shortages).getByText('2 shortages')).toBeTruthy();
    expect(
      within(shortages)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Pulmonary valve, no bifurcation 25–30 mm: 3 wanted, 0 free',
      'Aortic valve 20–25 mm: 2 wanted, 1 free',
    ]);
    const grid = screen.getByTestId('stock-demand-heatmap');
    expect(
      within(grid)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Graft type', '15–20', '20–25', '25–30']);
    const states = Array.from(grid.querySelectorAll('td')).map((cell) => cell.getAttribute('data-state'));
    expect(states).toEqual(['empty', 'covered', 'short', 'stockOnly', 'short', 'empty']);
    // The colour is not the only sign: a screen reader hears the shortage.
    expect(within(grid).getAllByText('short')).toHaveLength(2);
    // A cell's free stock links to exactly those grafts.
    expect(within(grid).getByRole('link', { name: '4' }).getAttribute('href')).toContain('type=5&dMin=15&');
  });

  it('keeps the long table behind "Show all", and says when nothing is short', async () => {
    show(CELLS.filter((cell) => cell.demand <= cell.stock));
    expect(await screen.findByTestId('no-shortage')).toBeTruthy();
    expect(screen.queryByTestId('stock-demand-table')).toBeNull();
    const toggle = screen.getByTestId('stock-demand-all');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(screen.getByTestId('stock-demand-table')).toBeTruthy();
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
  });
});
