interface NamedPerson {
  title?: string | null;
  firstName?: string | null;
  lastName?: string | null;
}

/** How users are shown (spec §3): title, first and last name, single-spaced, empty parts skipped. */
export function fullName(person: NamedPerson): string {
  return [person.title, person.firstName, person.lastName]
    .map((part) => part?.trim() ?? '')
    .filter((part) => part !== '')
    .join(' ')
    .replace(/\s+/g, ' ');
}

// A fixed locale, so server and browsers sort alike whatever their own locale is. Made on first
// use: building a collator loads locale data, some 15 ms that a page showing no sorted names
// should not pay while it loads (docs/performance.md).
let nameCollator: Intl.Collator | undefined;
function collator(): Intl.Collator {
  nameCollator ??= new Intl.Collator('de', { sensitivity: 'base' });
  return nameCollator;
}

/** Order of the user list (spec §3): by last name, then first name. */
export function compareUsersByLastName(a: NamedPerson, b: NamedPerson): number {
  return (
    collator().compare(a.lastName ?? '', b.lastName ?? '') || collator().compare(a.firstName ?? '', b.firstName ?? '')
  );
}

/** Order of the eute list and other lists sorted by a name (spec §3). */
export function compareNames(a: string, b: string): number {
  return collator().compare(a, b);
}
