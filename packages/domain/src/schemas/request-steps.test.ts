import { Value } from '@sinclair/typebox/value';
import { describe, expect, it } from 'vitest';
import { REQUEST_STEP_BODIES, REQUEST_STEP_SIDES, isRequestStepOf, requestStepRoutes } from './request-steps';

describe('the request step map', () => {
  it('gives every step of either side one body, and each step to one side', () => {
    const sides = [...REQUEST_STEP_SIDES.physician.actions, ...REQUEST_STEP_SIDES.bank.actions];
    expect(new Set(sides).size).toBe(sides.length);
    expect(Object.keys(REQUEST_STEP_BODIES).sort()).toEqual([...sides].sort());
    expect(requestStepRoutes('bank').map((route) => route.action)).toEqual(['reserve', 'decline', 'assign', 'deliver']);
    expect(isRequestStepOf('physician', 'implant')).toBe(true);
    expect(isRequestStepOf('bank', 'implant')).toBe(false);
  });

  it('takes what each step carries and nothing else', () => {
    expect(Value.Check(REQUEST_STEP_BODIES.reserve, { hours: 12 })).toBe(true);
    expect(Value.Check(REQUEST_STEP_BODIES.reserve, { hours: 169 })).toBe(false);
    expect(Value.Check(REQUEST_STEP_BODIES.implant, { date: '2026-11-20', patient_Code: 'M-05-2020' })).toBe(false);
    expect(
      Value.Check(REQUEST_STEP_BODIES.implant, {
        date: '2026-11-20',
        patient_Code: 'M-05-2020',
        sec: 'DE000001A23456789012300000000000020251231',
      }),
    ).toBe(true);
    expect(Value.Check(REQUEST_STEP_BODIES.implant, {})).toBe(false);
    expect(Value.Check(REQUEST_STEP_BODIES.return, {})).toBe(false);
    expect(Value.Check(REQUEST_STEP_BODIES.decline, {})).toBe(true);
    expect(Value.Check(REQUEST_STEP_BODIES.assign, {})).toBe(true);
    expect(Value.Check(REQUEST_STEP_BODIES.assign, { hours: 1 })).toBe(false);
    // The delivery says how the graft travels; the date is the bank's today when left out.
    expect(Value.Check(REQUEST_STEP_BODIES.deliver, {})).toBe(false);
    expect(Value.Check(REQUEST_STEP_BODIES.deliver, { carrier: 'DHL Medical', reference: 'JD014600' })).toBe(true);
    expect(
      Value.Check(REQUEST_STEP_BODIES.deliver, {
        date: '2026-12-01',
        carrier: 'DHL',
        reference: 'R',
        note: 'On dry ice',
      }),
    ).toBe(true);
    expect(Value.Check(REQUEST_STEP_BODIES.deliver, { carrier: 'DHL', reference: '' })).toBe(false);
  });
});
