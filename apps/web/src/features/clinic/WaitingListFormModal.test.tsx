import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { translate } from '@graftmatch/domain';
import { clearSession, setAccessToken } from '../../api/session';
import { fakeApi, fakeJwt, json, type RecordedCall } from '../../test/fakeApi';
import { aWaitingListEntry } from '../../test/fixtures';
import { LANGUAGES_OF_FORMS, readIn, refuseFields, shownError, textIn } from '../../test/refusal';
import { renderRoutes } from '../../test/render';
import { WaitingListFormModal } from './WaitingListFormModal';

// A waiting-list entry names its patient completely or says "not known yet"; a wrong part is an
// inline error naming it, and nothing is sent (docs/decisions.md, "Patient codes").

const LIST = '/api/physician/waitinglist';

function openForm(answer: (call: RecordedCall) => Response = () => json(aWaitingListEntry(), 201)) {
  const api = fakeApi({ [`POST ${LIST}`]: answer });
  renderRoutes(
    [
      { path: '/home/clinic/search', element: <WaitingListFormModal opened onClose={() => undefined} /> },
      { path: '/home/clinic/waitinglist', element: <p>waiting list</p> },
    ],
    '/home/clinic/search',
  );
  return api;
}

const type = (label: string, text: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value: text } });
const errorsShown = () => screen.queryAllByText(/must be|Enter the/).map((node) => node.textContent);

beforeEach(() => {
  clearSession();
  setAccessToken(fakeJwt(900));
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the waiting-list form’s patient code', () => {
  it('keeps month 13 and says it is wrong instead of sending K-00-2017', async () => {
    const api = openForm();
    type('Initial', 'k');
    type('Birth month', '13');
    type('Birth year', '2017');
    expect((screen.getByLabelText('Birth month') as HTMLInputElement).value).toBe('13');
    fireEvent.click(await screen.findByTestId('wl-submit'));
    expect(await screen.findByText('The birth month must be between 1 and 12.')).toBeTruthy();
    expect(errorsShown()).toEqual(['The birth month must be between 1 and 12.']);
    expect(api.callsTo('POST', LIST)).toHaveLength(0);
  });

  it('names every missing part of an empty code instead of sending NN-00-0000', async () => {
    const api = openForm();
    fireEvent.click(await screen.findByTestId('wl-submit'));
    expect(await screen.findByText('Enter the initial (one letter).')).toBeTruthy();
    expect(screen.getByText('Enter the birth month.')).toBeTruthy();
    expect(screen.getByText('Enter the birth year.')).toBeTruthy();
    expect(api.callsTo('POST', LIST)).toHaveLength(0);
  });

  it('sends NN-00-0000 only when "not known yet" is checked, and says so in words', async () => {
    const api = openForm();
    fireEvent.click(await screen.findByLabelText('Patient not known yet'));
    expect(screen.getByTestId('patient-code-preview').textContent).toBe('Patient: not known yet');
    fireEvent.click(screen.getByTestId('wl-submit'));
    await waitFor(() => expect(api.callsTo('POST', LIST)).toHaveLength(1));
    expect(api.callsTo('POST', LIST)[0]?.body).toMatchObject({ patient_Code: 'NN-00-0000' });
  });

  it('sends a complete code as typed', async () => {
    const api = openForm();
    type('Initial', 'k');
    type('Birth month', '3');
    type('Birth year', '2017');
    fireEvent.click(await screen.findByTestId('wl-submit'));
    await waitFor(() => expect(api.callsTo('POST', LIST)).toHaveLength(1));
    expect(api.callsTo('POST', LIST)[0]?.body).toMatchObject({ patient_Code: 'K-03-2017' });
  });
});

describe('the server’s refusal of a waiting-list entry', () => {
  for (const language of LANGUAGES_OF_FORMS) {
    it(`shows at each field by its label, another field it names by that field's label too (${language})`, async () => {
      openForm(
        refuseFields(
          ['query_i_Max', 'validation.notBeforeField', { other: 'query_i_min' }],
          ['query_d_min', 'validation.notGreaterThan', { other: 'query_d_max' }],
        ),
      );
      await readIn(language);
      fireEvent.click(await screen.findByTestId('patient-unknown'));
      fireEvent.click(screen.getByTestId('wl-submit'));
      const label = (key: string) => textIn(language, key);
      const until = `${label('waitingList.implantUntil')} ${translate(language, 'validation.notBeforeField', { other: label('waitingList.implantFrom') })}`;
      await waitFor(() => expect(shownError(screen.getByTestId('wl-implant-until'))).toBe(until));
      expect(screen.getByTestId('wl-criteria-error').textContent).toBe(
        `${label('search.diameterMin')} ${translate(language, 'validation.notGreaterThan', { other: label('search.diameterMax') })}`,
      );
      expect(screen.getByTestId('wl-error').textContent).toContain(
        `${label('waitingList.implantUntil')}, ${label('search.diameterMin')}`,
      );
      expect(document.body.textContent).not.toMatch(/query_/);
    });
  }
});
