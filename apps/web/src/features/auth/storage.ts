import { webPaths, type TwoFactorSchema } from '@graftmatch/domain';

// The two-factor schema lives in sessionStorage only for the PIN step: it survives a reload of
// that page but not the tab, and it is removed as soon as the PIN step ends.
const TWO_FACTOR_KEY = 'graftmatch.twoFactor';
// Where to go after login, for deep links (mail link, bookmark) opened without a session.
const RETURN_TO_KEY = 'graftmatch.returnTo';

export function saveTwoFactor(schema: TwoFactorSchema): void {
  sessionStorage.setItem(TWO_FACTOR_KEY, JSON.stringify(schema));
}

export function loadTwoFactor(): TwoFactorSchema | null {
  try {
    const schema = JSON.parse(sessionStorage.getItem(TWO_FACTOR_KEY) ?? 'null') as Partial<TwoFactorSchema> | null;
    return schema?.twoFactorId && schema.twoFactor_Token ? (schema as TwoFactorSchema) : null;
  } catch {
    return null;
  }
}

export function clearTwoFactor(): void {
  sessionStorage.removeItem(TWO_FACTOR_KEY);
}

/** Only paths inside this app are kept, so a crafted link cannot send the user elsewhere after login. */
function isAppPath(path: string): boolean {
  return path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\') && !path.startsWith('/login');
}

export function rememberReturnTo(path: string): void {
  if (isAppPath(path)) {
    sessionStorage.setItem(RETURN_TO_KEY, path);
  }
}

/** The remembered deep link (then forgotten), or home. */
export function takeReturnTo(): string {
  const path = sessionStorage.getItem(RETURN_TO_KEY);
  sessionStorage.removeItem(RETURN_TO_KEY);
  return path && isAppPath(path) && path !== '/' ? path : webPaths.home;
}
