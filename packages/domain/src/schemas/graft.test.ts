import { Value } from '@sinclair/typebox/value';
import { describe, expect, it } from 'vitest';
import { PROCESS_STEP_NAMES } from '../constants/process-steps';
import { aGraft } from '../testing/graft-fixture';
import { Graft } from './graft';

describe('Graft schema', () => {
  it('accepts a graft of a tissue bank that sent only the essentials', () => {
    expect(Value.Check(Graft, aGraft())).toBe(true);
  });

  it('carries every process step under its spec name', () => {
    for (const step of PROCESS_STEP_NAMES) {
      expect(Object.keys(Graft.properties)).toContain(step);
    }
  });

  it('keeps the spec spelling physician_EMail', () => {
    expect(Graft.properties).toHaveProperty('physician_EMail');
    expect(Graft.properties).not.toHaveProperty('physician_Email');
  });

  it('refuses a lot that could climb out of the files folder', () => {
    for (const e_Lot of ['..', '../etc', 'a/b', '', '.hidden']) {
      expect(Value.Check(Graft, aGraft({ e_Lot }))).toBe(false);
    }
  });

  it('refuses a graft type or step status the spec does not know', () => {
    expect(Value.Check(Graft, { ...aGraft(), t_ProdName_2: 9 })).toBe(false);
    expect(Value.Check(Graft, { ...aGraft(), release: { status: 3, outValue: null } })).toBe(false);
  });
});
