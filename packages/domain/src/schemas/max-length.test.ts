import { describe, expect, it } from 'vitest';
import { AddEuteRequest } from './eute';
import { maxLengthOf } from './max-length';
import { TestAlertRequest } from './test-alert';
import { AddUserRequest } from './user';

describe('form length limits from the request schemas', () => {
  it('reads required, optional and e-mail fields', () => {
    expect(maxLengthOf(AddUserRequest, 'firstName')).toBe(100);
    expect(maxLengthOf(AddUserRequest, 'title')).toBe(50);
    expect(maxLengthOf(AddEuteRequest, 'housenumber')).toBe(20);
    expect(maxLengthOf(AddEuteRequest, 'email')).toBe(254);
    expect(maxLengthOf(TestAlertRequest, 'message')).toBe(500);
  });

  it('refuses a field without a limit', () => {
    expect(() => maxLengthOf(AddUserRequest, 'admin')).toThrow(RangeError);
  });
});
