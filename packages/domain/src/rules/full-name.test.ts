import { describe, expect, it } from 'vitest';
import { compareNames, compareUsersByLastName, fullName } from './full-name';

describe('fullName', () => {
  it('joins title, first and last name with single spaces', () => {
    expect(fullName({ title: 'Dr. med.', firstName: 'Anna', lastName: 'Schmidt' })).toBe('Dr. med. Anna Schmidt');
  });

  it('skips what is empty or missing and trims the rest', () => {
    expect(fullName({ title: '', firstName: ' Anna ', lastName: 'Schmidt' })).toBe('Anna Schmidt');
    expect(fullName({ title: null, firstName: undefined, lastName: 'Schmidt' })).toBe('Schmidt');
    expect(fullName({ title: 'Prof.', firstName: 'Anna   Maria', lastName: '  ' })).toBe('Prof. Anna Maria');
    expect(fullName({})).toBe('');
  });
});

describe('sorting by name', () => {
  it('lists users by last name, then first name, ignoring case and umlaut accents alike everywhere', () => {
    const users = [
      { firstName: 'Berta', lastName: 'Zimmer' },
      { firstName: 'Carl', lastName: 'müller' },
      { firstName: 'Anna', lastName: 'Müller' },
      { firstName: 'Dora', lastName: 'Abel' },
    ];
    expect(users.sort(compareUsersByLastName).map((user) => user.firstName)).toEqual(['Dora', 'Anna', 'Carl', 'Berta']);
  });

  it('sorts eute names the same way', () => {
    expect(['Zürich', 'aachen', 'Berlin'].sort(compareNames)).toEqual(['aachen', 'Berlin', 'Zürich']);
  });
});
