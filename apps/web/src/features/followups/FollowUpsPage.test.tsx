import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { localDay, shiftDate, translate, type FollowUp } from '@graftmatch/domain';
import { clearSession, setAccessToken } from '../../api/session';
import { fakeApi, fakeJwt, json, type RecordedCall } from '../../test/fakeApi';
import { aPhysician } from '../../test/fixtures';
import { expectNoServerNames, LANGUAGES_OF_FORMS, readIn, refuseFields, shownError, textIn } from '../../test/refusal';
import { renderRoutes } from '../../test/render';
import { FollowUpsPage } from './FollowUpsPage';

// The physician's follow-ups (docs/api.md "Follow-ups"): the list by state, the form that checks
// the domain's rules before sending and places the server's refusal at its field, lost to
// follow-up after a confirmation, and the vigilance report an explant for endocarditis offers.

const ZONE = 'Europe/Berlin';
const today = localDay(new Date(), ZONE);
const ID = '4b8f0b1e-7d2c-4d6e-9a1f-0c2b3d4e5f60';

function aFollowUp(overrides: Partial<FollowUp> = {}): FollowUp {
  return {
    id: ID,
    lot: 'EL-2026-0042',
    t_ProdName_2: 5,
    bankName: 'Gewebebank Nord gGmbH',
    clinicName: 'Klinikum Nord',
    clinicTimeZone: ZONE,
    patient_Code: 'K-11-2018',
    implantedOn: shiftDate(today, -30),
    kind: 'scheduled',
    visit: 'P30D',
    dueOn: today,
    opensOn: shiftDate(today, -14),
    state: 'due',
    record: null,
    recordedAt: null,
    recordedBy: null,
    lostReason: null,
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-01T10:00:00.000Z',
    ...overrides,
  };
}

const RECORD = `/api/physician/followups/${ID}`;

function openList(path: string, handlers: Record<string, (call: RecordedCall) => Response> = {}) {
  const api = fakeApi({
    'GET /api/users/getmyuser': () => json(aPhysician()),
    'GET /api/physician/followups': ({ query }) =>
      json(
        query.get('state') === 'done'
          ? { items: [], total: 0 }
          : { items: [aFollowUp(), aFollowUp({ id: 'x', visit: 'P1Y', state: 'upcoming' })], total: 2 },
      ),
    ...handlers,
  });
  const view = renderRoutes(
    [
      { path: '/home/clinic/followups', element: <FollowUpsPage /> },
      { path: '/home/clinic/graft/:lot', element: <p data-testid="graft-page" /> },
    ],
    path,
  );
  return { api, ...view };
}

const row = async (visit: string) =>
  (await screen.findAllByTestId('followup-row')).find((each) => each.getAttribute('data-visit') === visit)!;

async function openForm() {
  fireEvent.click(within(await row('P30D')).getByTestId('followup-record'));
  return screen.findByTestId('followup-form');
}

const choose = (testId: string) => fireEvent.click(screen.getByTestId(testId));

beforeEach(() => {
  clearSession();
  setAccessToken(fakeJwt(900));
});
afterEach(() => vi.unstubAllGlobals());

describe('the follow-up list', () => {
  it('asks the server for the state of the address, offers recording only what is due, and says when none are', async () => {
    const { api, router } = openList('/home/clinic/followups?state=due');
    const due = await row('P30D');
    expect(api.callsTo('GET', '/api/physician/followups')[0]?.query.get('state')).toBe('due');
    expect(within(due).getByTestId('followup-state').textContent).toBe('Due');
    expect(within(due).getByTestId('followup-record')).toBeTruthy();
    expect(within(due).getByTestId('followup-lost')).toBeTruthy();
    const upcoming = await row('P1Y');
    expect(within(upcoming).queryByTestId('followup-record')).toBeNull();
    expect(within(upcoming).getByTestId('followup-record-event')).toBeTruthy();
    expect(screen.getByTestId('followups-caption').textContent).toBe('1–2 of 2 follow-ups');

    await router.navigate('/home/clinic/followups?state=done');
    expect((await screen.findByTestId('followups-empty')).textContent).toContain('No follow-up is recorded yet');
  });
});

describe('recording a follow-up', () => {
  it('checks the domain’s rules before sending, then records what was chosen', async () => {
    const { api } = openList('/home/clinic/followups?state=due', {
      [`PUT ${RECORD}`]: ({ body }) => json(aFollowUp({ state: 'done', record: body as FollowUp['record'] })),
    });
    const form = await openForm();
    expect(within(form).getByTestId('followup-date').getAttribute('value')).toBe(today);
    fireEvent.change(within(form).getByTestId('followup-date'), { target: { value: shiftDate(today, 1) } });
    fireEvent.click(screen.getByTestId('followup-save'));
    expect((await screen.findByTestId('followup-check')).textContent).toBe(
      'Please check the marked fields: Date of the follow-up, Patient, Graft.',
    );
    expect(shownError(screen.getByTestId('followup-date'))).toBe(
      `Date of the follow-up must not be in the future (today is ${today})`,
    );
    expect(screen.getByText('Patient is required')).toBeTruthy();
    expect(api.callsTo('PUT', RECORD)).toHaveLength(0);

    fireEvent.change(screen.getByTestId('followup-date'), { target: { value: today } });
    choose('followup-patientStatus-alive');
    choose('followup-graftStatus-functioning');
    fireEvent.click(screen.getByTestId('followup-thromboembolism'));
    fireEvent.change(screen.getByTestId('followup-peakGradient'), { target: { value: '18' } });
    fireEvent.click(screen.getByTestId('followup-save'));
    await waitFor(() => expect(api.callsTo('PUT', RECORD)).toHaveLength(1));
    expect(api.callsTo('PUT', RECORD)[0]?.body).toEqual({
      date: today,
      patientStatus: 'alive',
      graftStatus: 'functioning',
      endocarditis: false,
      thromboembolism: true,
      majorBleeding: false,
      peakGradient: 18,
    });
    await waitFor(() => expect(screen.queryByTestId('followup-form')).toBeNull());
  });

  it('offers a vigilance report after an explant for endocarditis, on the graft’s page with the form filled in', async () => {
    const { api, router } = openList('/home/clinic/followups?state=due', {
      [`PUT ${RECORD}`]: () => json(aFollowUp({ state: 'done' })),
    });
    await openForm();
    choose('followup-patientStatus-alive');
    choose('followup-graftStatus-explanted');
    fireEvent.change(await screen.findByTestId('followup-explantDate'), { target: { value: shiftDate(today, -2) } });
    choose('followup-explantReason-endocarditis');
    fireEvent.click(screen.getByTestId('followup-save'));
    const offer = await screen.findByTestId('followup-vigilance-offer');
    expect(api.callsTo('PUT', RECORD)[0]?.body).toMatchObject({ explantReason: 'endocarditis' });
    expect(offer.textContent).toContain('Graft EL-2026-0042 was explanted for endocarditis.');
    fireEvent.click(within(offer).getByTestId('followup-vigilance-start'));
    await screen.findByTestId('graft-page');
    expect(router.state.location.pathname).toBe('/home/clinic/graft/EL-2026-0042');
    const search = new URLSearchParams(router.state.location.search);
    expect(search.get('report')).toBe('SAR');
    expect(search.get('description')).toBe(
      `Explanted on ${shiftDate(today, -2)} for endocarditis (recorded as a follow-up).`,
    );
  });

  it('marks a follow-up lost only with a reason, after saying what that does', async () => {
    const { api } = openList('/home/clinic/followups?state=due', {
      [`POST ${RECORD}/lost`]: () => json(aFollowUp({ state: 'lost', lostReason: 'Moved abroad' })),
    });
    fireEvent.click(within(await row('P30D')).getByTestId('followup-lost'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('If the patient comes back, it can still be recorded.');
    const confirm = within(dialog).getByTestId('followup-lost-confirm');
    expect(confirm.hasAttribute('disabled')).toBe(true);
    fireEvent.change(within(dialog).getByTestId('followup-lost-reason'), { target: { value: ' Moved abroad ' } });
    fireEvent.click(confirm);
    await waitFor(() => expect(api.callsTo('POST', `${RECORD}/lost`)).toHaveLength(1));
    expect(api.callsTo('POST', `${RECORD}/lost`)[0]?.body).toEqual({ reason: 'Moved abroad' });
  });

  it('records an unscheduled event of a graft from the list', async () => {
    const { api } = openList('/home/clinic/followups', {
      'POST /api/physician/followups': () => json(aFollowUp({ kind: 'unscheduled', visit: null, state: 'done' }), 201),
    });
    fireEvent.click(within(await row('P1Y')).getByTestId('followup-record-event'));
    await screen.findByTestId('followup-form');
    choose('followup-patientStatus-died');
    choose('followup-graftStatus-functioning');
    fireEvent.change(screen.getByTestId('followup-deathDate'), { target: { value: shiftDate(today, -1) } });
    choose('followup-deathCause-non-cardiac');
    fireEvent.click(screen.getByTestId('followup-save'));
    await waitFor(() => expect(api.callsTo('POST', '/api/physician/followups')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/physician/followups')[0]?.body).toMatchObject({
      lot: 'EL-2026-0042',
      patientStatus: 'died',
      deathDate: shiftDate(today, -1),
      deathCause: 'non-cardiac',
      graftStatus: 'functioning',
    });
  });
});

describe.each(LANGUAGES_OF_FORMS)('the follow-up form places a refusal at its field (%s)', (language) => {
  it('the server’s word on a gradient', async () => {
    openList('/home/clinic/followups?state=due', {
      [`PUT ${RECORD}`]: refuseFields(['meanGradient', 'validation.notGreaterThan', { other: 'peakGradient' }]),
    });
    await readIn(language);
    await openForm();
    choose('followup-patientStatus-alive');
    choose('followup-graftStatus-functioning');
    fireEvent.change(screen.getByTestId('followup-meanGradient'), { target: { value: '12' } });
    fireEvent.click(screen.getByTestId('followup-save'));
    const label = textIn(language, 'followups.field.meanGradient');
    const peak = textIn(language, 'followups.field.peakGradient');
    await waitFor(() =>
      expect(shownError(screen.getByTestId('followup-meanGradient'))).toBe(
        `${label} ${translate(language, 'validation.notGreaterThan', { other: peak })}`,
      ),
    );
    expect(screen.getByTestId('followup-error').textContent).toContain(label);
    expectNoServerNames(document.body, ['meanGradient', 'peakGradient']);
  });
});
