import type { Browser } from 'playwright-core';
import { watchApi } from './app';
import { openContext, type ViewportName } from './browser';
import { loginThroughUi, waitForPath } from './login';

/**
 * A fresh browser profile at this size, signed in through the login pages as `email` and on its
 * home, with its API calls counted for `settled`.
 */
export async function signedInPage(
  browser: Browser,
  baseUrl: string,
  dataDir: string,
  size: ViewportName,
  email: string,
) {
  const opened = await openContext(browser, baseUrl, size);
  opened.page.setDefaultTimeout(10_000);
  watchApi(opened.page);
  await loginThroughUi(opened.page, dataDir, email);
  await waitForPath(opened.page, '/home');
  return opened;
}
