import type { SelectQueryBuilder } from 'kysely';
import type { DB } from './types';

/**
 * How many rows a list's query finds, whatever it selects: the total beside one page of it
 * (docs/api.md "Lists"), read from the same filters so the two never disagree.
 */
export async function countRows<T extends keyof DB, O>(query: SelectQueryBuilder<DB, T, O>): Promise<number> {
  const row = await query
    .clearSelect()
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}
