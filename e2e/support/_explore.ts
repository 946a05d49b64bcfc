import { launchBrowser, openContext } from './browser';
const browser = await launchBrowser();
const { page, problems } = await openContext(browser, 'http://127.0.0.1:47311', 'desktop');
await page.goto('/login');
await page.getByText('Forgot your password?').waitFor();
console.log(await page.locator('body').ariaSnapshot());
console.log(problems);
await browser.close();
