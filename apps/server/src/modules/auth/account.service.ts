import type { AuthDeps } from './auth.deps';
import { findPrincipalData } from './auth.repository';

/** The active account of a user with its active clinics and eutes, or undefined when inactive or gone. */
export function findActiveAccount(deps: Pick<AuthDeps, 'db'>, userId: string) {
  return findPrincipalData(deps.db, userId);
}
