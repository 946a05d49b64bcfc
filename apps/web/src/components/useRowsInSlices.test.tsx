import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useRowsInSlices } from './useRowsInSlices';

function List({ rows, drawn }: { rows: number[]; drawn: number[] }) {
  const shown = useRowsInSlices(rows);
  drawn.push(shown.length);
  return <p data-testid="count">{shown.length}</p>;
}

const page = (from: number) => Array.from({ length: 50 }, (_, index) => from + index);

describe('useRowsInSlices', () => {
  afterEach(() => cleanup());

  it('draws a new list’s first rows at once and the whole list after them', async () => {
    const drawn: number[] = [];
    render(<List rows={page(0)} drawn={drawn} />);
    expect(await screen.findByText('50')).toBeTruthy();
    expect(drawn[0]).toBe(8);
    expect(drawn.at(-1)).toBe(50);
  });

  it('keeps a changed list whole: never fewer rows than the list had', async () => {
    const drawn: number[] = [];
    const { rerender } = render(<List rows={page(0)} drawn={drawn} />);
    await screen.findByText('50');
    drawn.length = 0;
    rerender(<List rows={page(50)} drawn={drawn} />);
    await screen.findByText('50');
    expect(drawn.every((count) => count === 50)).toBe(true);
  });
});
