import type { Executor } from '../../db/executor';

// The SQL of the files folder's marker (docs/operations.md, "Files folder").

/** The marker id this database recorded, or undefined before the first start that recorded one. */
export async function recordedMarker(executor: Executor): Promise<string | undefined> {
  const row = await executor.selectFrom('filesFolder').select('marker').where('id', '=', 1).executeTakeFirst();
  return row?.marker;
}

/** Records `marker` unless one is recorded already (two instances starting at once); answers the one that holds. */
export async function recordMarker(executor: Executor, marker: string): Promise<string> {
  await executor
    .insertInto('filesFolder')
    .values({ id: 1, marker })
    .onConflict((conflict) => conflict.column('id').doNothing())
    .execute();
  return (await recordedMarker(executor)) ?? marker;
}
