import type { Kysely } from 'kysely';
import type { DB } from '../db/types';
import type { SecretHasher } from './secrets';
import type { TokenService } from './tokens';

/**
 * What knowing the caller takes: the database, the clock, the token service and the keyed hasher
 * of short secrets. The auth module's deps extend it; plugins and realtime/ pick from it.
 */
export interface IdentityDeps {
  db: Kysely<DB>;
  now: () => Date;
  tokens: TokenService;
  secrets: SecretHasher;
}
