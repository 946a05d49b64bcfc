import { execFile } from 'node:child_process';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Graft, GraftRequest } from '@graftmatch/domain';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { settled, watchApi } from './support/app';
import { launchBrowser, openContext, screenshot } from './support/browser';
import { checkScreenOnce, expectNoProblems } from './support/checks';
import { DEMO, apiSession, loginThroughUi } from './support/login';
import { clinicalToday } from './support/grafts';

// Scanning a package (docs/decisions.md, "Scanning"): Chromium's fake camera plays a video made
// from the bank's printed label (the PDF rendered by poppler, turned into a Y4M frame). The
// implant dialog opens the camera first; the fallback reader (ZXing in WebAssembly, served by us)
// reads the label. A label of another graft is refused with both codes (implantation and receipt)
// and shows in the request's history; the graft's own label records the receipt and the
// implantation. The built web names no other origin.

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
const NORTH = 'Gewebebank Nord gGmbH';
const run = promisify(execFile);
const compact = (sec: string) => sec.replaceAll(' ', '');

type Api = Awaited<ReturnType<typeof apiSession>>;

/** Free grafts of bank North with an SEC that nobody has requested. */
async function freeNorthGraftsWithSec(physician: Api, count: number): Promise<Graft[]> {
  const requested = new Set(await physician.get<string[]>('/physician/requests/lots'));
  const found = new Map<string, Graft>();
  for (let type = 1; type <= 8 && found.size < count; type++) {
    for (let min = 5; min <= 45 && found.size < count; min += 10) {
      const search = {
        query_type: type,
        query_d_min: min,
        query_d_max: min + 5,
        query_l_min: 10,
        query_l_l_min: 0,
        query_l_r_min: 0,
      };
      for (const graft of await physician.post<Graft[]>('/physician/graftsearch', search)) {
        if (graft.e_Name === NORTH && graft.x_SEC && !requested.has(graft.e_Lot) && found.size < count) {
          found.set(graft.e_Lot, graft);
        }
      }
    }
  }
  if (found.size < count) {
    throw new Error(`bank North has fewer than ${count} Free grafts with an SEC left`);
  }
  return [...found.values()];
}

/**
 * One Y4M frame (I420, 1280 × 720) of the graft's 100 × 50 mm label as the bank prints it: the
 * PDF rendered at 300 dpi by pdftoppm (PPM), on white, converted from RGB with BT.601.
 */
async function labelVideo(bank: Api, lot: string, dir: string): Promise<string> {
  const pdf = path.join(dir, `${lot}.pdf`);
  await writeFile(
    pdf,
    await bank.bytes(`/euteemployee/currentdonations/${encodeURIComponent(lot)}/label?format=100x50`),
  );
  await run('pdftoppm', ['-r', '300', '-singlefile', pdf, path.join(dir, lot)]);
  const ppm = await readFile(path.join(dir, `${lot}.ppm`));
  const header = /^P6\s+(\d+)\s+(\d+)\s+255\s/.exec(ppm.subarray(0, 50).toString('latin1'));
  if (!header) {
    throw new Error('pdftoppm wrote no binary PPM');
  }
  const [labelWidth, labelHeight] = [Number(header[1]), Number(header[2])];
  const pixels = ppm.subarray(header[0].length);
  const [width, height] = [1280, 720];
  const left = Math.floor((width - labelWidth) / 2);
  const top = Math.floor((height - labelHeight) / 2);
  const rgb = (x: number, y: number): [number, number, number] => {
    const lx = x - left;
    const ly = y - top;
    if (lx < 0 || ly < 0 || lx >= labelWidth || ly >= labelHeight) {
      return [255, 255, 255];
    }
    const at = (ly * labelWidth + lx) * 3;
    return [pixels[at]!, pixels[at + 1]!, pixels[at + 2]!];
  };
  const luma = Buffer.alloc(width * height);
  const chroma = { u: Buffer.alloc((width * height) / 4), v: Buffer.alloc((width * height) / 4) };
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const [r, g, b] = rgb(x, y);
      luma[y * width + x] = Math.round(16 + 0.257 * r + 0.504 * g + 0.098 * b);
      if (x % 2 === 0 && y % 2 === 0) {
        const index = (y / 2) * (width / 2) + x / 2;
        chroma.u[index] = Math.round(128 - 0.148 * r - 0.291 * g + 0.439 * b);
        chroma.v[index] = Math.round(128 + 0.439 * r - 0.368 * g - 0.071 * b);
      }
    }
  }
  const file = path.join(dir, `${lot}.y4m`);
  const head = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\nFRAME\n`, 'latin1');
  await writeFile(file, Buffer.concat([head, luma, chroma.u, chroma.v]));
  return file;
}

/** Physician Berg's request for the graft, delivered today. */
async function deliver(physician: Api, bank: Api, lot: string): Promise<GraftRequest> {
  const request = await physician.post<GraftRequest>('/physician/requests', { lot, patient_Code: 'S-04-2018' });
  await bank.post(`/euteemployee/requests/${request.id}/reserve`, {});
  await physician.post(`/physician/requests/${request.id}/confirm`, {});
  await bank.post(`/euteemployee/requests/${request.id}/assign`, {});
  await bank.post(`/euteemployee/requests/${request.id}/deliver`, {
    carrier: 'MedCourier Berlin',
    reference: 'MC-2026-0042',
  });
  return request;
}

describe('scanning the package at implantation with the camera', () => {
  let dir: string;
  let own: Graft;
  let other: Graft;
  let request: GraftRequest;
  let videos: { own: string; other: string };
  const requested: string[] = [];

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'graftmatch-scan-'));
    const [physician, bank] = [
      await apiSession(baseUrl, dataDir, DEMO.berg),
      await apiSession(baseUrl, dataDir, DEMO.bankNorth),
    ];
    [own, other] = (await freeNorthGraftsWithSec(physician, 2)) as [Graft, Graft];
    request = await deliver(physician, bank, own.e_Lot);
    videos = { own: await labelVideo(bank, own.e_Lot, dir), other: await labelVideo(bank, other.e_Lot, dir) };
  }, 120_000);
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  /** A Chromium whose camera shows the video, logged in as Berg on his requests at phone size. */
  async function scanningPhone(video: string): Promise<{ browser: Browser; page: Page; problems: string[] }> {
    const browser = await launchBrowser([
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ]);
    const { context, page, problems } = await openContext(browser, baseUrl, 'phone');
    await context.grantPermissions(['camera'], { origin: baseUrl });
    page.setDefaultTimeout(20_000);
    watchApi(page);
    page.on('request', (sent) => requested.push(sent.url()));
    await loginThroughUi(page, dataDir, DEMO.berg);
    return { browser, page, problems };
  }

  const card = (page: Page) => page.locator(`[data-testid="request-card"][data-lot="${request.lot}"]`).first();

  /** Opens the implant dialog; the camera starts at once and the reader fills in what it read. */
  async function scanInImplantDialog(page: Page): Promise<string> {
    await page.goto('/home/clinic/requests');
    await settled(page, 'My requests');
    await card(page).getByTestId('step-implant').click();
    const dialog = page.getByRole('dialog');
    // What the reader read, or the message saying why the camera did not start (named, should it
    // ever show). The camera's view closes once it has read, which can be before it is seen here.
    const problem = dialog.getByTestId('scan-camera-problem');
    const input = dialog.getByTestId('scan-input');
    await expect
      .poll(async () => (await problem.isVisible()) || (await input.inputValue()) !== '', { timeout: 20_000 })
      .toBe(true);
    expect(await problem.getAttribute('data-problem', { timeout: 1 }).catch(() => null)).toBeNull();
    return input.inputValue();
  }

  it('refuses the label of another graft with both codes; the mismatch shows in the history', async () => {
    const { browser, page, problems } = await scanningPhone(videos.other);
    try {
      // Logging in and the first screens load no part of the reader; the service worker holds none of it yet.
      const reader = /zxingDetector-|CameraScanner-|\.wasm$/;
      expect(requested.filter((url) => reader.test(url))).toEqual([]);
      // The worker takes over pages loaded after it is active (it does not claim open ones).
      await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
      await page.reload();
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
      const cachedReader = () =>
        page.evaluate(async () =>
          (await caches.has('barcode-reader'))
            ? (await (await caches.open('barcode-reader')).keys()).map((entry) => new URL(entry.url).pathname)
            : [],
        );
      expect(await cachedReader()).toEqual([]);
      const before = requested.length;
      expect(await scanInImplantDialog(page)).toBe(`&,4${compact(other.x_SEC!)}`);
      // The reader came from our own origin once a scanner opened, and the service worker kept it.
      expect(requested.slice(before).some((url) => /\/assets\/zxing_reader-[^/]+\.wasm$/.test(url))).toBe(true);
      // Written to the cache once the 1 MB answer has been read: a moment on a busy machine.
      await expect
        .poll(async () => (await cachedReader()).some((url) => /\/assets\/zxing_reader-[^/]+\.wasm$/.test(url)), {
          timeout: 15_000,
        })
        .toBe(true);
      const dialog = page.getByRole('dialog');
      await dialog.getByTestId('step-submit').click();
      const refusal = dialog.getByTestId('scan-mismatch');
      await refusal.waitFor();
      expect(await refusal.textContent()).toContain(
        `The package shows ${other.x_SEC}, but the graft of this request is ${own.x_SEC}.`,
      );
      await checkScreenOnce(page, 'implant dialog refusing another graft’s package');
      await screenshot(page, 'scan-refused-phone');
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });

      expect(await card(page).getByTestId('request-state').getAttribute('data-state')).toBe('delivered');
      await card(page).getByTestId('history-toggle').click();
      const mismatch = card(page).getByTestId('history-mismatch');
      await mismatch.waitFor();
      expect(await mismatch.textContent()).toContain(
        `Implantation refused: the package shows ${other.x_SEC}, the graft is ${own.x_SEC}`,
      );

      // The receipt reads the same label and sends it at once: refused too, naming both codes.
      await card(page).getByTestId('step-receive').click();
      const receipt = page.getByRole('dialog');
      await receipt.getByTestId('scan-mismatch').waitFor();
      expect(await receipt.getByTestId('scan-input').inputValue()).toBe(`&,4${compact(other.x_SEC!)}`);
      await receipt.getByRole('button', { name: 'Cancel' }).click();
      await receipt.waitFor({ state: 'detached' });
      expectNoProblems(
        problems.filter((problem) => !problem.includes('409')),
        'on the refused scan',
      );
    } finally {
      await browser.close();
    }
  }, 120_000);

  it('records the receipt and the implantation when the camera reads the graft’s own label', async () => {
    const { browser, page, problems } = await scanningPhone(videos.own);
    try {
      // First the receipt: the camera reads the label, the receipt is recorded for both sides.
      await page.goto('/home/clinic/requests');
      await settled(page, 'My requests');
      await card(page).getByTestId('step-receive').click();
      await page.getByRole('dialog').waitFor({ state: 'detached', timeout: 30_000 });
      expect(await card(page).getByTestId('request-received').textContent()).toMatch(/^Received at the clinic: /);

      expect(await scanInImplantDialog(page)).toBe(`&,4${compact(own.x_SEC!)}`);
      const dialog = page.getByRole('dialog');
      await screenshot(page, 'scan-read-phone');
      expect(await dialog.getByTestId('step-date').inputValue()).toBe(clinicalToday());
      await dialog.getByTestId('step-submit').click();
      await dialog.waitFor({ state: 'detached' });
      await expect
        .poll(() => card(page).getByTestId('request-state').getAttribute('data-state'), { timeout: 15_000 })
        .toBe('implanted');
      expectNoProblems(problems, 'on the implantation by scan');
    } finally {
      await browser.close();
    }
  }, 120_000);

  it('loaded nothing from another origin', () => {
    const origin = new URL(baseUrl).origin;
    expect(
      requested.filter((url) => !url.startsWith(origin) && !url.startsWith('data:') && !url.startsWith('blob:')),
    ).toEqual([]);
  });
});

describe('the built web app and its scanner', () => {
  const dist = path.resolve('apps/web/dist');

  it('names no other origin in its CSP, and serves the reader’s .wasm as application/wasm', async () => {
    const page = await fetch(`${baseUrl}/`);
    const csp = page.headers.get('content-security-policy') ?? '';
    for (const directive of csp
      .split(';')
      .map((part) => part.trim())
      .filter(Boolean)) {
      const sources = directive.split(/\s+/).slice(1);
      expect(
        sources.filter((source) => /^(https?:|wss?:|\*)|\.[a-z]{2,}(:|\/|$)/i.test(source)),
        directive,
      ).toEqual([]);
    }
    expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval'");

    const assets = await readdir(path.join(dist, 'assets'));
    const wasm = assets.filter((name) => name.endsWith('.wasm'));
    expect(wasm).toHaveLength(1);
    const answer = await fetch(`${baseUrl}/assets/${wasm[0]}`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^application\/wasm/);
    expect((await answer.arrayBuffer()).byteLength).toBeGreaterThan(500_000);
  });

  it('loads every asset from its own origin, and precaches neither the reader nor its .wasm', async () => {
    const html = await (await fetch(`${baseUrl}/`)).text();
    const referenced = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]!);
    expect(referenced.filter((url) => /^(https?:)?\/\//.test(url))).toEqual([]);
    const serviceWorker = await readFile(path.join(dist, 'sw.js'), 'utf8');
    const precached = [...serviceWorker.matchAll(/url:"([^"]+)"/g)].map((match) => match[1]!);
    expect(precached.length).toBeGreaterThan(10);
    expect(precached.filter((url) => /^(https?:)?\/\//.test(url))).toEqual([]);
    expect(precached.filter((url) => /\.wasm$|zxingDetector-/.test(url))).toEqual([]);
    // Kept by the service worker at first use instead, under its own cache.
    expect(serviceWorker).toContain('barcode-reader');
    // The reader's JavaScript points ZXing at our .wasm, not the library's CDN default.
    const reader = (await readdir(path.join(dist, 'assets'))).find((name) => /^zxingDetector-.*\.js$/.test(name));
    expect(reader).toBeDefined();
    expect(await readFile(path.join(dist, 'assets', reader!), 'utf8')).toMatch(/zxing_reader-[\w-]+\.wasm/);
  });
});
