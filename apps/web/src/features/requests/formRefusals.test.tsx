import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { shiftDate, translate, utcDate, type Language, type MessageKey } from '@graftmatch/domain';
import { clearSession, setAccessToken } from '../../api/session';
import { fakeApi, fakeJwt, pagedJson } from '../../test/fakeApi';
import { aGraft, aGraftRequest, REQUEST_ID } from '../../test/fixtures';
import { expectNoServerNames, LANGUAGES_OF_FORMS, readIn, refuseFields, shownError, textIn } from '../../test/refusal';
import { renderUi } from '../../test/render';
import { RequestCard } from './RequestCard';
import { RequestInAppButton } from './RequestInAppButton';

// Every step of a request places the server's refusal at its field, named by the field's label, in
// the reader's language (docs/decisions.md, "Forms that say what they need").

const SEC = 'DE000123 2021264932585 E0042108 001 20260704';
const today = utcDate(new Date());
const BANK_STEP = (action: string) => `/api/euteemployee/requests/${REQUEST_ID}/${action}`;
const PHYSICIAN_STEP = (action: string) => `/api/physician/requests/${REQUEST_ID}/${action}`;

beforeEach(() => {
  clearSession();
  setAccessToken(fakeJwt(900));
});
afterEach(() => vi.unstubAllGlobals());

async function expectRefusedAt(testId: string, labelKey: string, messageKey: MessageKey, language: Language) {
  const label = textIn(language, labelKey);
  await waitFor(() =>
    expect(shownError(screen.getByTestId(testId))).toBe(`${label} ${translate(language, messageKey)}`),
  );
  expect(
    within(screen.getByRole('dialog')).getByRole('alert', { name: textIn(language, 'errors.notAccepted') }).textContent,
  ).toContain(label);
  expectNoServerNames(document.body, ['patient_Code', 'priorImplantationReason']);
}

describe.each(LANGUAGES_OF_FORMS)('the request steps place a refusal at its field (%s)', (language) => {
  it('the delivery', async () => {
    fakeApi({ [`POST ${BANK_STEP('deliver')}`]: refuseFields(['reference', 'validation.patterns.oneLine']) });
    const assigned = aGraftRequest({
      state: 'assigned',
      deadline: null,
      assignedOn: shiftDate(today, -1),
      actions: ['deliver'],
    });
    renderUi(<RequestCard request={assigned} side="bank" />);
    await readIn(language);
    fireEvent.click(await screen.findByTestId('step-deliver'));
    fireEvent.change(await screen.findByTestId('delivery-carrier'), { target: { value: 'Kurier' } });
    fireEvent.change(screen.getByTestId('delivery-reference'), { target: { value: 'K-1' } });
    fireEvent.click(screen.getByTestId('step-submit'));
    await expectRefusedAt('delivery-reference', 'delivery.reference', 'validation.patterns.oneLine', language);
  });

  it('the reservation', async () => {
    fakeApi({ [`POST ${BANK_STEP('reserve')}`]: refuseFields(['hours', 'validation.invalid']) });
    const requested = aGraftRequest({ state: 'requested', deadline: null, actions: ['reserve', 'decline'] });
    renderUi(<RequestCard request={requested} side="bank" />);
    await readIn(language);
    fireEvent.click(await screen.findByTestId('step-reserve'));
    fireEvent.click(await screen.findByTestId('step-submit'));
    await expectRefusedAt('step-hours', 'requests.hours', 'validation.invalid', language);
  });

  it('the implantation', async () => {
    fakeApi({ [`POST ${PHYSICIAN_STEP('implant')}`]: refuseFields(['sec', 'validation.invalid']) });
    const delivered = aGraftRequest({
      state: 'delivered',
      deadline: null,
      deliveredOn: shiftDate(today, -2),
      patient_Code: 'K-11-2018',
      actions: ['implant', 'return'],
    });
    renderUi(<RequestCard request={delivered} side="physician" />);
    await readIn(language);
    fireEvent.click(await screen.findByTestId('step-implant'));
    fireEvent.change(await screen.findByTestId('scan-input'), { target: { value: SEC } });
    fireEvent.click(screen.getByTestId('step-submit'));
    await expectRefusedAt('scan-input', 'scan.packageCode', 'validation.invalid', language);
  });

  it('the receipt', async () => {
    fakeApi({ [`POST ${PHYSICIAN_STEP('receive')}`]: refuseFields(['sec', 'validation.invalid']) });
    const delivered = aGraftRequest({ state: 'delivered', deadline: null, actions: ['implant', 'return'] });
    renderUi(<RequestCard request={delivered} side="physician" />);
    await readIn(language);
    fireEvent.click(await screen.findByTestId('step-receive'));
    fireEvent.change(await screen.findByTestId('scan-input'), { target: { value: SEC } });
    fireEvent.click(screen.getByTestId('receive-submit'));
    await expectRefusedAt('scan-input', 'scan.packageCode', 'validation.invalid', language);
  });

  it('a correction', async () => {
    fakeApi({ [`POST /api/requests/${REQUEST_ID}/corrections`]: refuseFields(['reason', 'validation.patterns.text']) });
    const implanted = aGraftRequest({
      state: 'implanted',
      deadline: null,
      deliveredOn: shiftDate(today, -3),
      implantedOn: shiftDate(today, -1),
      actions: [],
    });
    renderUi(<RequestCard request={implanted} side="physician" />);
    await readIn(language);
    fireEvent.click(await screen.findByTestId('correct'));
    fireEvent.change(await screen.findByTestId('correct-reason'), { target: { value: 'Typo' } });
    fireEvent.click(screen.getByTestId('correct-submit'));
    await expectRefusedAt('correct-reason', 'corrections.reason', 'validation.patterns.text', language);
  });

  it('the request itself', async () => {
    fakeApi({
      'GET /api/physician/waitinglist': pagedJson([]),
      'POST /api/physician/requests': refuseFields(['note', 'validation.patterns.text']),
    });
    renderUi(<RequestInAppButton graft={aGraft({ e_Lot: 'EB1-2026-0901' })} />);
    await readIn(language);
    fireEvent.click(screen.getByTestId('request-in-app-EB1-2026-0901'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByTestId('request-patient-unknown'));
    fireEvent.change(within(dialog).getByRole('textbox', { name: textIn(language, 'requests.note') }), {
      target: { value: 'Urgent' },
    });
    fireEvent.click(within(dialog).getByTestId('request-send'));
    const label = textIn(language, 'requests.note');
    await waitFor(() =>
      expect(shownError(within(dialog).getByRole('textbox', { name: label }))).toBe(
        `${label} ${translate(language, 'validation.patterns.text')}`,
      ),
    );
    expect(within(dialog).getByTestId('request-error').textContent).toContain(label);
  });
});
