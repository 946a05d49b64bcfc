import type { Kysely, Transaction } from 'kysely';
import type { DB } from './types';

/** A Kysely instance or an open transaction: the caller decides which (docs/decisions.md). */
export type Executor = Kysely<DB> | Transaction<DB>;
