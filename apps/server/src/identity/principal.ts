import type { Language } from '@graftmatch/domain';
import type { IdentityDeps } from './identity.deps';
import { findLiveSession, findPrincipalData } from './principal.repository';

/**
 * The caller of a request. Deactivating a user, a clinic or a eute, or ending a session, takes
 * effect at once: see authenticator.ts.
 */
export interface Principal {
  userId: string;
  email: string;
  admin: boolean;
  /** Read-only access to everything, never a write. */
  audit: boolean;
  /** Active clinics the user belongs to (physician). */
  clinicIds: string[];
  /** Active eutes the user belongs to (tissue-bank employee). */
  euteIds: string[];
  language: Language;
}

/**
 * The principal of a session, or null when the user is inactive or the session has ended; also
 * for connections that outlive their access token (push), which re-check with it.
 */
export async function loadPrincipal(
  deps: Pick<IdentityDeps, 'db' | 'now'>,
  claims: { sessionId: string; userId: string },
): Promise<{ principal: Principal; sessionId: string } | null> {
  const [session, data] = await Promise.all([
    findLiveSession(deps.db, claims.sessionId, claims.userId, deps.now().toISOString()),
    findPrincipalData(deps.db, claims.userId),
  ]);
  if (!session || !data) {
    return null;
  }
  const { user, clinics, eutes } = data;
  return {
    sessionId: session.id,
    principal: {
      userId: user.id,
      email: user.email,
      admin: user.admin === 1,
      audit: user.audit === 1,
      clinicIds: clinics.map((clinic) => clinic.id),
      euteIds: eutes.map((eute) => eute.id),
      language: user.language,
    },
  };
}

/** The active account of a user with its active clinics and eutes, or undefined when inactive or gone. */
export function findActiveAccount(deps: Pick<IdentityDeps, 'db'>, userId: string) {
  return findPrincipalData(deps.db, userId);
}
