import { describe, expect, test } from 'vitest';
import { lines, linesOf, lintAs } from '../support/lint-fixture';

/** The lines a text fails on, and their messages, as if it were this web file. */
const restatements = (code: string, file = 'apps/web/src/features/eute/StockPage.tsx') =>
  lintAs(code, file, 'no-restricted-syntax');

describe('one source for the web (docs/decisions.md "One source, held by lint")', () => {
  test("a form's limit written as a number fails the lint; the domain's names and 0 or 1 as a lower bound pass", async () => {
    const fixture = lines(
      'export const form = [',
      '  <Textarea maxLength={4000} />,',
      '  <NumberInput max={1000} />,',
      '  <NumberInput min={1900} max={YEAR.max} />,',
      '  <TextInput maxLength={1} />,',
      '  <TextInput minLength={10} />,',
      "  <Textarea maxLength={maxLengthOf(LiftQuarantineRequest, 'reason')} />,",
      '  <NumberInput min={0} max={MAX_STOCK_FILTER_MM} />,',
      '  <NumberInput min={1} max={MAX_RESERVATION_HOURS} />,',
      '  <Textarea minRows={2} maxRows={6} />,',
      '];',
    );
    const errors = await restatements(fixture);
    expect(linesOf(errors)).toEqual([2, 3, 4, 5, 6]);
    expect(errors[0]?.message).toMatch(/maxLengthOf/);
  }, 120_000);

  test('an address under /home written out fails the lint, as text or template; webPaths passes', async () => {
    const fixture = lines(
      "export const search = '/home/clinic/search';",
      'export const donation = (lot: string) => `/home/eute/donation/${lot}`;',
      'export const home = <Link to="/home" />;',
      "export const failed = navigate('/home/admin/mails?state=failed');",
      'export const graft = (lot: string) => webPaths.clinicGraft(lot);',
      "export const stock = webPaths.euteStock({ state: 'free' });",
      "export const other = ['/login', '/homework', `${base}/home/x`];",
    );
    const errors = await restatements(fixture);
    expect(linesOf(errors)).toEqual([1, 2, 3, 4]);
    expect(errors[0]?.message).toMatch(/webPaths/);
    // The router holds no exception; a test spells out the addresses it expects.
    expect(linesOf(await restatements(fixture, 'apps/web/src/app/router.tsx'))).toEqual([1, 2, 3, 4]);
    expect(await restatements(fixture, 'apps/web/src/features/scan/scan.test.tsx')).toEqual([]);
  }, 120_000);

  test("a list's own page size fails the lint; the domain's page sizes and a count's limit of 1 pass", async () => {
    const fixture = lines(
      'const PAGE_SIZE = 20;',
      'const LIST_PAGE_SIZE = 25;',
      'export const page = (offset: number) => getNotifications({ limit: 20, offset });',
      'export const list = usePages(keys.list, load, { pageSize: 30 });',
      'export function pages(total: number, pageSize = 10) { return Math.ceil(total / pageSize) + PAGE_SIZE + LIST_PAGE_SIZE; }',
      'export const shared = usePages(keys.logs, load, { pageSize: IMPORT_LOG_PAGE_SIZE });',
      'export const count = getNotifications({ unread: true, limit: 1, offset: 0 });',
      'export const all = listFollowUps({ limit: MAX_PAGE_SIZE });',
    );
    const errors = await restatements(fixture);
    expect(linesOf(errors)).toEqual([1, 2, 3, 4, 5]);
    expect(errors[0]?.message).toMatch(/PAGE_SIZE/);
  }, 120_000);
});
