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

// A fixed locale, so server and browsers sort alike whatever their own locale is.
const nameCollator = new Intl.Collator('de', { sensitivity: 'base' });

/** Order of the user list (spec §3): by last name, then first name. */
export function compareUsersByLastName(a: NamedPerson, b: NamedPerson): number {
  return (
    nameCollator.compare(a.lastName ?? '', b.lastName ?? '') ||
    nameCollator.compare(a.firstName ?? '', b.firstName ?? '')
  );
}

/** Order of the eute list and other lists sorted by a name (spec §3). */
export function compareNames(a: string, b: string): number {
  return nameCollator.compare(a, b);
}
