import type { Kysely } from 'kysely';
import type { DB } from '../../db/types';
import { signCheckpoint, type SigningKey } from './audit.note';
import * as repo from './audit.repository';

// A signed checkpoint every `rows` new audit rows or every `minutes`, whichever comes first
// (docs/security.md, "Checkpoints"). The job keeps no state: it compares the chain's tip with the
// last checkpoint at start and every minute (the `audit-checkpoint` job, src/jobs/jobs.ts), so any
// instance may run it; when two race, the checkpoint of one size is stored once (its size is the key).

export const CHECKPOINT_INTERVAL_MS = 60_000;

export interface AuditChainDeps {
  db: Kysely<DB>;
  key: SigningKey;
  now: () => Date;
  checkpointRows: number;
  checkpointMinutes: number;
}

/** Signs and stores a checkpoint of the chain's tip when one is due; answers its size, or null. */
export async function writeCheckpointIfDue(deps: AuditChainDeps, since: Date, force = false): Promise<number | null> {
  const tip = await repo.readChainTip(deps.db);
  const last = await repo.readLastCheckpoint(deps.db);
  const size = Number(tip?.seq ?? 0);
  const lastSize = Number(last?.size ?? 0);
  if (!tip || size <= lastSize) {
    return null;
  }
  const now = deps.now();
  const lastAt = last ? new Date(last.at) : since;
  const due =
    force ||
    size - lastSize >= deps.checkpointRows ||
    now.getTime() - lastAt.getTime() >= deps.checkpointMinutes * 60_000;
  if (!due) {
    return null;
  }
  const note = signCheckpoint(deps.key, { origin: deps.key.name, size, rootHash: tip.hash });
  await repo.insertCheckpoint(deps.db, { size, rootHash: tip.hash, at: now.toISOString(), note });
  return size;
}
