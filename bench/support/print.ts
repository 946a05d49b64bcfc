import type { Row } from './benchmark';

export interface PrintedRow extends Row {
  engine: string;
  grafts: number;
}

/** The figures as a Markdown table, ready for docs/performance.md. */
export function printRows(rows: readonly PrintedRow[]): void {
  console.log('\n| engine | grafts | what | figure | baseline (same run) | ratio |');
  console.log('|---|---:|---|---|---|---:|');
  for (const row of rows) {
    const ratio = row.ratio === undefined ? '' : row.ratio.toFixed(2);
    console.log(`| ${row.engine} | ${row.grafts} | ${row.what} | ${row.figure} | ${row.baseline ?? ''} | ${ratio} |`);
  }
}
