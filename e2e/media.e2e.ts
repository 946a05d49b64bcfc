import { readFile } from 'node:fs/promises';
import type { Graft } from '@graftmatch/domain';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { demoPhoto } from '../apps/server/src/demo/demo-files/documents';
import { openContext, sharedBrowser, screenshot, type ViewportName } from './support/browser';
import { checkScreenOnce, expectNoProblems } from './support/checks';
import { DEMO, apiSession, loginThroughUi } from './support/login';

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');

const browser = sharedBrowser();

/** A Free graft with a 3D model and at least two photos (the demo start attaches files to a few). */
let modelLot = '';
/** One of bank North's current donations, where its employee uploads a photo. */
let donationLot = '';

/** Finds a Free graft with media through the physician's own search, range by range. */
async function freeGraftWithMedia(search: Awaited<ReturnType<typeof apiSession>>): Promise<string> {
  for (let type = 1; type <= 8; type++) {
    for (let min = 5; min < 50; min += 10) {
      const grafts = await search.post<Graft[]>('/physician/graftsearch', {
        query_type: type,
        query_d_min: min,
        query_d_max: Math.min(min + 10, 50),
        query_l_min: 10,
        query_l_l_min: 0,
        query_l_r_min: 0,
      });
      const found = grafts.find((graft) => graft.stlFiles.length > 0 && graft.fotoFiles.length >= 2);
      if (found) {
        return found.e_Lot;
      }
    }
  }
  throw new Error('the demo start attached no 3D model and photos to a Free graft');
}

beforeAll(async () => {
  modelLot = await freeGraftWithMedia(await apiSession(baseUrl, dataDir, DEMO.berg));
  const bank = await apiSession(baseUrl, dataDir, DEMO.bankNorth);
  donationLot = (await bank.get<Graft[]>('/euteemployee/currentdonations'))[0]?.e_Lot ?? '';
  expect(donationLot, 'bank North has a current donation').not.toBe('');
});

/** How many of the canvas's pixels differ from its top-left (background) pixel. */
function drawnPixels(page: Page): Promise<number> {
  return page.getByTestId('stl-canvas').evaluate((node) => {
    const source = node as HTMLCanvasElement;
    const copy = document.createElement('canvas');
    copy.width = source.width;
    copy.height = source.height;
    const context = copy.getContext('2d');
    if (!context || source.width === 0) {
      return 0;
    }
    context.drawImage(source, 0, 0);
    const { data } = context.getImageData(0, 0, copy.width, copy.height);
    let drawn = 0;
    for (let i = 0; i < data.length; i += 4) {
      if (Math.abs(data[i]! - data[0]!) + Math.abs(data[i + 1]! - data[1]!) + Math.abs(data[i + 2]! - data[2]!) > 30) {
        drawn++;
      }
    }
    return drawn;
  });
}

/** The media journey at a phone size and on a ward PC. */
describe.each<ViewportName>(['phone', 'desktop'])('media at %s size', (size) => {
  let context: BrowserContext;
  let page: Page;
  let problems: string[];
  beforeAll(async () => {
    ({ context, page, problems } = await openContext(browser(), baseUrl, size));
    page.setDefaultTimeout(15_000);
  });
  afterAll(async () => {
    await context?.close();
  });

  it('the physician sees the graft’s 3D model drawn, with its size in mm', async () => {
    await loginThroughUi(page, dataDir, DEMO.berg);
    await page.goto(`/home/clinic/graft/${modelLot}`);
    await page.getByTestId('media-stl').waitFor();
    await page.getByTestId('stl-size').waitFor();
    expect(await page.getByTestId('stl-size').textContent()).toMatch(/^Size: [\d.]+ × [\d.]+ × [\d.]+ mm$/);
    // The model covers a good part of the view: the canvas is not blank.
    await expect.poll(() => drawnPixels(page), { timeout: 10_000 }).toBeGreaterThan(1000);
    await page.getByTestId('media-stl').scrollIntoViewIfNeeded();
    await screenshot(page, `${size}-media-graft`);
    await checkScreenOnce(page, `graft details with media (${size})`);
    expectNoProblems(problems, 'on the graft’s 3D model');
  });

  it('opens a photo full size, steps to the next with the arrow key, and closes it with Escape', async () => {
    const thumbs = page.getByTestId('photo-thumb-image');
    await expect.poll(() => thumbs.count()).toBeGreaterThanOrEqual(2);
    await page.getByTestId('photo-thumb').first().click();
    const viewer = page.getByRole('dialog');
    await expect.poll(() => viewer.getByTestId('viewer-position').textContent()).toMatch(/^Photo 1 of \d+: /);
    await viewer.locator('img').waitFor();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => viewer.getByTestId('viewer-position').textContent()).toMatch(/^Photo 2 of \d+: /);
    expect(await viewer.locator('img').evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    await screenshot(page, `${size}-media-photo-viewer`);
    await checkScreenOnce(page, `photo viewer (${size})`);
    await page.keyboard.press('Escape');
    await viewer.waitFor({ state: 'detached' });
    expectNoProblems(problems, 'in the photo viewer');
  });

  it('downloads all photos as one zip', async () => {
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('zip-photos').click()]);
    expect(download.suggestedFilename()).toMatch(/\.zip$/);
    const zip = await readFile(await download.path());
    expect(zip.subarray(0, 2).toString('latin1')).toBe('PK');
    expect(zip.length).toBeGreaterThan(1000);
    expectNoProblems(problems, 'on the photos zip');
  });

  it('the tissue-bank employee uploads a photo, sees it appear, and deletes it after confirming', async () => {
    await context.clearCookies();
    await page.goto('/login');
    await loginThroughUi(page, dataDir, DEMO.bankNorth);
    await page.goto(`/home/eute/donation/${donationLot}`);
    const photos = page.getByTestId('media-photos');
    await photos.waitFor();
    const before = await photos.getByTestId('photo-thumb').count();
    await checkScreenOnce(page, `donation details with media (${size})`);

    const name = `upload ${size}.jpg`;
    await page.getByTestId('upload-input-photos').setInputFiles({
      name,
      mimeType: 'image/jpeg',
      buffer: await demoPhoto(`uploaded at ${size} size`, 120, 480, 360),
    });
    // The upload answers with the graft and its new file lists; a busy machine may take a while.
    await expect.poll(() => photos.getByTestId('photo-thumb').count(), { timeout: 45_000 }).toBe(before + 1);
    const added = photos.getByRole('button', { name: `Open photo ${name}` });
    await added.getByTestId('photo-thumb-image').waitFor();
    await screenshot(page, `${size}-media-uploaded`);

    await photos.getByRole('button', { name: `Delete ${name}` }).click();
    await page.getByTestId('confirm-delete-file').waitFor();
    await checkScreenOnce(page, `delete file confirmation (${size})`);
    await page.getByTestId('confirm-delete-file').click();
    await expect.poll(() => photos.getByTestId('photo-thumb').count()).toBe(before);
    expectNoProblems(problems, 'on the upload and delete');
  });
});
