import { Value } from '@sinclair/typebox/value';
import { describe, expect, it } from 'vitest';
import { FileKindParam, GraftTypeSchema } from './enums';

describe('enum schemas', () => {
  it('accepts a file route {type} as the text it arrives as', () => {
    expect(['0', '1', '2', '3', '5', '6', '7', '8', 'stl'].every((type) => Value.Check(FileKindParam, type))).toBe(
      true,
    );
    expect(Value.Check(FileKindParam, '4')).toBe(false);
    expect(Value.Check(FileKindParam, 0)).toBe(false);
  });

  it('accepts graft types 1 to 8 only', () => {
    expect(Value.Check(GraftTypeSchema, 8)).toBe(true);
    expect(Value.Check(GraftTypeSchema, 0)).toBe(false);
  });
});
