import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { translate } from '@graftmatch/domain';
import { clearSession, setAccessToken } from '../../api/session';
import { fakeApi, fakeJwt } from '../../test/fakeApi';
import { LANGUAGES_OF_FORMS, readIn, refuseFields, shownError, textIn } from '../../test/refusal';
import { renderRoutes } from '../../test/render';
import { ChangePasswordPage } from './ChangePasswordPage';
import { ForgotPasswordPage } from './ForgotPasswordPage';
import { RecoverPage } from './RecoverPage';

// The account forms place the server's refusal at its field, named by the field's label, in the
// reader's language (docs/decisions.md, "Forms that say what they need").

const TOKEN = 'a'.repeat(43);
const NEW_PASSWORD = 'correct horse battery';

beforeEach(() => {
  clearSession();
  setAccessToken(fakeJwt(900));
});
afterEach(() => vi.unstubAllGlobals());

function typeNewPassword() {
  fireEvent.change(screen.getByTestId('new-password'), { target: { value: NEW_PASSWORD } });
  fireEvent.change(screen.getByTestId('repeat-password'), { target: { value: NEW_PASSWORD } });
}

describe.each(LANGUAGES_OF_FORMS)('the account forms place a refusal at its field (%s)', (language) => {
  it('changing the password', async () => {
    fakeApi({ 'POST /api/users/resetpassword': refuseFields(['newPassword', 'validation.passwordCommon']) });
    renderRoutes([{ path: '/home/password', element: <ChangePasswordPage /> }], '/home/password');
    await readIn(language);
    fireEvent.change(screen.getByTestId('old-password'), { target: { value: 'the old one, long' } });
    typeNewPassword();
    fireEvent.click(screen.getByTestId('change-password-submit'));
    const label = textIn(language, 'password.new');
    await waitFor(() =>
      expect(shownError(screen.getByTestId('new-password'))).toBe(
        `${label} ${translate(language, 'validation.passwordCommon')}`,
      ),
    );
    expect(screen.getByTestId('form-error').textContent).toContain(label);
    expect(document.body.textContent).not.toContain('newPassword');
  });

  it('setting a new password from the mailed link', async () => {
    fakeApi({ [`POST /api/auth/recovery/${TOKEN}`]: refuseFields(['password', 'validation.passwordIsEmail']) });
    renderRoutes([{ path: '/recover/:token', element: <RecoverPage /> }], `/recover/${TOKEN}`);
    await readIn(language);
    typeNewPassword();
    fireEvent.click(screen.getByTestId('recover-submit'));
    const label = textIn(language, 'password.new');
    await waitFor(() =>
      expect(shownError(screen.getByTestId('new-password'))).toBe(
        `${label} ${translate(language, 'validation.passwordIsEmail')}`,
      ),
    );
    expect(screen.getByTestId('form-error').textContent).toContain(label);
  });

  it('asking for the link', async () => {
    fakeApi({ 'POST /api/auth/recoveryrequest': refuseFields(['email', 'validation.patterns.email']) });
    renderRoutes([{ path: '/forgot', element: <ForgotPasswordPage /> }], '/forgot');
    await readIn(language);
    fireEvent.change(screen.getByTestId('forgot-email'), { target: { value: 'dr@clinic' } });
    fireEvent.click(screen.getByTestId('forgot-submit'));
    const label = textIn(language, 'login.email');
    await waitFor(() =>
      expect(shownError(screen.getByTestId('forgot-email'))).toBe(
        `${label} ${translate(language, 'validation.patterns.email')}`,
      ),
    );
    expect(screen.getByTestId('form-error').textContent).toContain(label);
    expect(document.body.textContent).not.toMatch(/\[\^/);
  });
});
