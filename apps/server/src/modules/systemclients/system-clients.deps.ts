import type { Kysely } from 'kysely';
import type { DB } from '../../db/types';
import type { KeySets } from './system-clients.keys';

/** What the system clients' routes are built with (features.ts). */
export interface SystemClientsDeps {
  db: Kysely<DB>;
  now: () => Date;
  /** The address clients reach the server at: the token endpoint's, their assertions' `aud`. */
  publicUrl: string;
  keySets: KeySets;
}

/** The token endpoint's address, which each assertion must name as its audience. */
export const tokenEndpointOf = (publicUrl: string) => `${publicUrl.replace(/\/$/, '')}/api/fhir/token`;
