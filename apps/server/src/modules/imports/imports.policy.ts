import { fullName } from '@graftmatch/domain';
import { forbidden } from '../../http/problem';
import type { ApiKeyCaller } from '../../identity/api-keys';
import { requireUser } from '../../identity/policy';
import type { Principal } from '../../identity/principal';
import type { LogScope } from './imports.repository';

// Who may import into which tissue bank, and whose import logs they read (docs/import.md).

/** Who starts an import: a logged-in user, the command line, a bank's API key, or the server itself (the demo seed). */
export type ImportCaller =
  | { kind: 'user'; principal: Principal | null; ip: string | null; name?: string }
  | { kind: 'cli'; source: string }
  | { kind: 'system'; source: string }
  | ApiKeyCaller;

/**
 * The banks a caller may import into: any for admins, the command line (the operator) and the
 * server itself, the employee's own active banks, the key's one bank. Auditors and physicians may not import.
 */
export function importableBanks(caller: ImportCaller): 'any' | string[] {
  if (caller.kind === 'cli' || caller.kind === 'system') {
    return 'any';
  }
  if (caller.kind === 'apiKey') {
    return [caller.euteId];
  }
  const principal = requireUser(caller.principal);
  if (principal.admin) {
    return 'any';
  }
  if (principal.euteIds.length === 0) {
    throw forbidden({ key: 'problem.whoImports' });
  }
  return principal.euteIds;
}

/**
 * The banks whose grafts a caller may export: any for admins and auditors (an export is a read,
 * and auditors read everything), the employee's own banks (docs/decisions.md).
 */
export function exportableBanks(principal: Principal | null): 'any' | string[] {
  const caller = requireUser(principal);
  if (caller.admin || caller.audit) {
    return 'any';
  }
  if (caller.euteIds.length === 0) {
    throw forbidden({ key: 'problem.imports.whoExports' });
  }
  return caller.euteIds;
}

/** The empty import file: for those who import, and auditors, who read everything. */
export function requireTemplateReader(principal: Principal | null): void {
  if (!requireUser(principal).audit) {
    importableBanks({ kind: 'user', principal, ip: null });
  }
}

/** Import logs: admins and auditors read all, employees their banks'. */
export function importLogScope(principal: Principal | null): LogScope {
  const caller = requireUser(principal);
  if (caller.admin || caller.audit) {
    return { all: true };
  }
  if (caller.euteIds.length === 0) {
    throw forbidden({ key: 'problem.imports.whoSeesLogs' });
  }
  return { euteIds: caller.euteIds };
}

/** The log's `importer`: the user's name, `cli`, `system`, or the API key's label. */
export function importerName(
  caller: ImportCaller,
  user?: { title: string | null; firstName: string; lastName: string },
) {
  switch (caller.kind) {
    case 'cli':
      return 'cli';
    case 'system':
      return 'system';
    case 'apiKey':
      return `API key ${caller.label}`;
    default:
      return user ? fullName(user) : (caller.principal?.email ?? 'unknown');
  }
}
