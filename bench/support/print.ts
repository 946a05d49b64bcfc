import type { Row } from './benchmark';

export interface PrintedRow extends Row {
  engine: string;
  grafts: number;
}

/** The figures as a Markdown table, ready for docs/performance.md. */
export function printRows(rows: readonly PrintedRow[]): void {
  console.log(
    '\n| engine | grafts | what | figure | baseline: twin (same run) | ratio | minimal route (same run) | ratio |',
  );
  console.log('|---|---:|---|---|---|---:|---|---:|');
  const fixed = (ratio: number | undefined) => (ratio === undefined ? '' : ratio.toFixed(2));
  for (const row of rows) {
    console.log(
      `| ${row.engine} | ${row.grafts} | ${row.what} | ${row.figure} | ${row.baseline ?? ''} | ${fixed(row.ratio)} | ${row.minimal ?? ''} | ${fixed(row.minimalRatio)} |`,
    );
  }
}
