import { describe, expect, it } from 'vitest';
import { aPrincipal } from '../../test/support/principal';
import { graftsChanged, matchFound, reaches, testAlert, waitingListChanged } from './push-audience';

const physicianA = aPrincipal({ userId: 'u-a', clinicIds: ['clinic-a'] });
const physicianB = aPrincipal({ userId: 'u-b', clinicIds: ['clinic-b'] });
const bankX = aPrincipal({ userId: 'u-x', euteIds: ['eute-x'] });
const bankY = aPrincipal({ userId: 'u-y', euteIds: ['eute-y'] });
const auditor = aPrincipal({ userId: 'u-audit', audit: true });
const admin = aPrincipal({ userId: 'u-admin', admin: true });
const everyone = [physicianA, physicianB, bankX, bankY, auditor, admin];
const reached = (audience: Parameters<typeof reaches>[0]) =>
  everyone.filter((user) => reaches(audience, user)).map((user) => user.userId);

describe('who receives which push event', () => {
  it('testR reaches every connected user', () => {
    expect(reached(testAlert('hi').audience)).toEqual(everyone.map((user) => user.userId));
  });

  it('waitinglistChanged reaches the owner, every bank employee and auditors, not other physicians', () => {
    const envelope = waitingListChanged('u-a', 'entry-1');
    expect(envelope.message).toEqual({ event: 'waitinglistChanged', args: [{ waitinglistid: 'entry-1' }] });
    expect(reached(envelope.audience)).toEqual(['u-a', 'u-x', 'u-y', 'u-audit']);
  });

  it('graftsChanged reaches every physician while a lot is free, else only the assigned clinic; always the graft’s bank and auditors', () => {
    const free = graftsChanged([{ lot: 'L1', euteId: 'eute-x', clinicId: null, free: true }]);
    expect(free.message).toEqual({ event: 'graftsChanged', args: [['L1']] });
    expect(reached(free.audience)).toEqual(['u-a', 'u-b', 'u-x', 'u-audit']);
    const assigned = graftsChanged([{ lot: 'L2', euteId: 'eute-y', clinicId: 'clinic-b', free: false }]);
    expect(reached(assigned.audience)).toEqual(['u-b', 'u-y', 'u-audit']);
  });

  it('matchFound reaches only the owner of the entry', () => {
    const envelope = matchFound('u-b', ['entry-2', 'entry-3'], 'L1');
    expect(envelope.message).toEqual({
      event: 'matchFound',
      args: [{ waitinglistid: 'entry-2', lots: ['L1'], waitinglistids: ['entry-2', 'entry-3'] }],
    });
    expect(reached(envelope.audience)).toEqual(['u-b']);
  });
});
