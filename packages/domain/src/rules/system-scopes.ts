// SMART Backend Services scopes (docs/fhir.md "System clients"): `system/<Type>.<permissions>` in
// SMART 2's syntax, where a client may read (`r`) and search (`s`) the FHIR types below and nothing
// else: the FHIR API writes none of its records (a system's own subscriptions need no scope: docs/fhir.md
// "Subscriptions"). SMART 1's `.read` means both.

/** The FHIR types a system client may be granted, in the order the admin's form lists them. */
export const SYSTEM_SCOPE_RESOURCES = [
  'BiologicallyDerivedProduct',
  'BiologicallyDerivedProductDispense',
  'Procedure',
  'AdverseEvent',
  'Observation',
] as const;
export type SystemScopeResource = (typeof SYSTEM_SCOPE_RESOURCES)[number];

/** What a FHIR call does with its type: a read by id, or a search. */
export type ScopeInteraction = 'read' | 'search';

/** One granted type with what may be done with it. */
export interface SystemScope {
  resource: SystemScopeResource;
  read: boolean;
  search: boolean;
}

const SCOPE_SYNTAX = /^system\/([A-Za-z]+|\*)\.(read|c?r?u?d?s?)$/;

const isResource = (name: string): name is SystemScopeResource =>
  (SYSTEM_SCOPE_RESOURCES as readonly string[]).includes(name);

/**
 * The grants one scope text asks for, `*` spread over every type. Null when the text is not a
 * system scope in SMART's syntax or names a type GraftMatch does not serve; create, update and
 * delete are dropped, as the API only reads.
 */
export function parseSystemScope(text: string): SystemScope[] | null {
  const match = SCOPE_SYNTAX.exec(text);
  if (!match || match[2] === '') {
    return null;
  }
  const [, type, permissions] = match as unknown as [string, string, string];
  const read = permissions === 'read' || permissions.includes('r');
  const search = permissions === 'read' || permissions.includes('s');
  const resources = type === '*' ? [...SYSTEM_SCOPE_RESOURCES] : isResource(type) ? [type] : null;
  return resources && (read || search) ? resources.map((resource) => ({ resource, read, search })) : null;
}

/** A grant in SMART 2's syntax: `system/Procedure.rs`. */
export function formatSystemScope(scope: SystemScope): string {
  return `system/${scope.resource}.${scope.read ? 'r' : ''}${scope.search ? 's' : ''}`;
}

/** Grants per type, merged (two texts for one type add up), in the types' listed order. */
function merged(scopes: readonly SystemScope[]): SystemScope[] {
  return SYSTEM_SCOPE_RESOURCES.flatMap((resource) => {
    const of = scopes.filter((scope) => scope.resource === resource);
    const read = of.some((scope) => scope.read);
    const search = of.some((scope) => scope.search);
    return read || search ? [{ resource, read, search }] : [];
  });
}

/** The scope texts a client is registered with, normalised; the texts that are not scopes we grant. */
export function normaliseSystemScopes(texts: readonly string[]): { scopes: string[]; invalid: string[] } {
  const parsed = texts.map((text) => ({ text, scopes: parseSystemScope(text) }));
  return {
    scopes: merged(parsed.flatMap((entry) => entry.scopes ?? [])).map(formatSystemScope),
    invalid: parsed.filter((entry) => entry.scopes === null).map((entry) => entry.text),
  };
}

/**
 * What a token request gets: each scope asked for narrowed to what the client is registered for
 * (SMART lets a server grant less than asked); texts that grant nothing are left out. Empty when
 * nothing asked for is granted.
 */
export function grantSystemScopes(registered: readonly string[], requested: readonly string[]): string[] {
  const allowed = merged(registered.flatMap((text) => parseSystemScope(text) ?? []));
  const asked = merged(requested.flatMap((text) => parseSystemScope(text) ?? []));
  return merged(
    asked.map((scope) => {
      const own = allowed.find((candidate) => candidate.resource === scope.resource);
      return { resource: scope.resource, read: scope.read && !!own?.read, search: scope.search && !!own?.search };
    }),
  ).map(formatSystemScope);
}

/** Whether granted scopes let a client read or search a type. */
export function scopesAllow(
  granted: readonly string[],
  resource: SystemScopeResource,
  interaction: ScopeInteraction,
): boolean {
  return granted
    .flatMap((text) => parseSystemScope(text) ?? [])
    .some((scope) => scope.resource === resource && scope[interaction]);
}
