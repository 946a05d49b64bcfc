import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Notifications } from '@mantine/notifications';
import type { Graft, GraftFile } from '@graftmatch/domain';
import { clearSession, setAccessToken } from '../../api/session';
import { fakeApi, fakeJwt, json, problem } from '../../test/fakeApi';
import { aGraft } from '../../test/fixtures';
import { renderUi } from '../../test/render';
import type * as api from './api';
import { supersedeFile } from './api';
import { MediaSection } from './MediaSection';

// Uploads go by XMLHttpRequest (for their progress), which the fake API does not route: the new
// version's call is read where the section hands it over.
vi.mock('./api', async (original) => ({ ...(await original<typeof api>()), supersedeFile: vi.fn() }));

const token = fakeJwt(900);
const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]);

const stored = (name: string, contentType: string, more: Partial<GraftFile> = {}): GraftFile => ({
  name,
  size: name.endsWith('.pdf') ? 2000 : 6,
  contentType,
  version: 1,
  current: true,
  record: false,
  reason: null,
  createdAt: '2026-11-20T08:00:00.000Z',
  ...more,
});

const graft: Graft = aGraft({
  e_Lot: 'EB1-2026-0007',
  fotoFiles: [stored('front.jpg', 'image/jpeg'), stored('lost.jpg', 'image/jpeg')],
  releaseStatementFiles: [stored('release.pdf', 'application/pdf')],
});

/** An implanted graft: a release statement in two versions, and the traceability report GraftMatch made. */
const implanted: Graft = aGraft({
  e_Lot: 'EB1-2026-0008',
  releaseStatementFiles: [
    stored('Freigabe.pdf', 'application/pdf', { current: false, record: true }),
    stored('Freigabe v2.pdf', 'application/pdf', { version: 2, record: true, reason: 'Wrong batch number' }),
  ],
  traceabilityReportFiles: [stored('Traceability_report_EB1-2026-0008.pdf', 'application/pdf', { record: true })],
});

function show(editable: boolean, onGraft = vi.fn(), shown = graft) {
  renderUi(
    <>
      <Notifications />
      <MediaSection graft={shown} editable={editable} onGraft={onGraft} />
    </>,
  );
  return onGraft;
}

beforeEach(() => {
  clearSession();
  setAccessToken(token);
  let next = 0;
  vi.spyOn(URL, 'createObjectURL').mockImplementation(() => `blob:http://localhost/${(next += 1)}`);
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('media on a graft’s details', () => {
  it('fetches photos with the bearer header into blob URLs; a photo that fails to load stays silent', async () => {
    const api = fakeApi({
      'GET /api/file/getfile/0/front.jpg': () => new Response(jpeg, { headers: { 'content-type': 'image/jpeg' } }),
      'GET /api/file/getfile/0/lost.jpg': () => problem(500, 'disk gone'),
    });
    show(false);
    const photos = screen.getByTestId('media-photos');
    await waitFor(() => expect(within(photos).getAllByTestId('photo-thumb-image')).toHaveLength(1));
    expect(within(photos).getByTestId('photo-thumb-image').getAttribute('src')).toMatch(/^blob:/);
    await waitFor(() => expect(api.callsTo('GET', '/api/file/getfile/0/lost.jpg')).toHaveLength(1));
    for (const call of api.calls) {
      // Names are unique per graft and kind only, so the lot says whose file is meant.
      expect(call.query.get('lot')).toBe('EB1-2026-0007');
      expect(call.headers.get('authorization')).toBe(`Bearer ${token}`);
      expect(call.path).not.toContain(token);
    }
    // The failed photo has settled into its plain mark: anything it would say is on screen by now.
    await waitFor(() => expect(within(photos).getAllByTestId('photo-thumb-failed')).toHaveLength(1));
    expect(screen.queryByText('disk gone')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows a failed document download', async () => {
    fakeApi({
      'GET /api/file/getfile/1/release.pdf': () => problem(404, 'No file "release.pdf" of type 1.'),
    });
    show(false);
    fireEvent.click(within(screen.getByTestId('media-release')).getByText('release.pdf'));
    expect(await screen.findByText('No file "release.pdf" of type 1.')).toBeTruthy();
    expect(screen.getByText('Download failed')).toBeTruthy();
  });

  it('offers a physician neither upload nor delete', () => {
    fakeApi({});
    show(false);
    expect(screen.queryByTestId('upload-photos')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete release.pdf' })).toBeNull();
  });

  it('lets the bank delete a file only after confirming, and takes the graft the server answers', async () => {
    const after = { ...graft, releaseStatementFiles: [] };
    const api = fakeApi({ 'DELETE /api/media/files/1/release.pdf': () => json(after) });
    const onGraft = show(true);
    expect(screen.getAllByTestId(/^upload-input-/)).toHaveLength(6);
    fireEvent.click(screen.getByRole('button', { name: 'Delete release.pdf' }));
    const confirm = await screen.findByTestId('confirm-delete-file');
    expect(api.callsTo('DELETE', '/api/media/files/1/release.pdf')).toHaveLength(0);
    fireEvent.click(confirm);
    await waitFor(() => expect(onGraft).toHaveBeenCalledWith(after));
    const [call] = api.callsTo('DELETE', '/api/media/files/1/release.pdf');
    expect(call?.headers.get('authorization')).toBe(`Bearer ${token}`);
    expect(call?.query.get('lot')).toBe('EB1-2026-0007');
  });

  it('offers records no delete but "Supersede…" with a reason, lists versions with the current one marked', async () => {
    const after = { ...implanted };
    fakeApi({});
    vi.mocked(supersedeFile).mockResolvedValue(after);
    const onGraft = show(true, vi.fn(), implanted);
    const release = screen.getByTestId('media-release');
    expect(within(release).queryByRole('button', { name: /^Delete / })).toBeNull();
    const [first, second] = within(release).getAllByTestId('document');
    expect(within(first!).getByText('v1 · superseded')).toBeTruthy();
    expect(within(second!).getByText('v2 · current')).toBeTruthy();
    expect(within(second!).getByText('Reason: Wrong batch number')).toBeTruthy();
    // Only the current version is superseded; GraftMatch's own reports take no upload at all.
    expect(within(release).getAllByTestId('supersede-file')).toHaveLength(1);
    const report = screen.getByTestId('media-traceability');
    expect(within(report).queryByTestId('supersede-file')).toBeNull();
    expect(within(report).queryByTestId('upload-traceability')).toBeNull();
    expect(within(report).queryByRole('button', { name: /^Delete / })).toBeNull();

    fireEvent.click(within(release).getByRole('button', { name: 'Supersede Freigabe v2.pdf with a new version' }));
    const submit = await screen.findByTestId('supersede-submit');
    expect((submit as HTMLButtonElement).disabled).toBe(true);
    const pdf = new File([new Uint8Array([0x25, 0x50, 0x44, 0x46])], 'scan.pdf', { type: 'application/pdf' });
    fireEvent.change(screen.getByTestId('supersede-input'), { target: { files: [pdf] } });
    fireEvent.change(screen.getByTestId('supersede-reason'), { target: { value: 'Signed copy' } });
    await waitFor(() => expect((submit as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(submit);
    await waitFor(() => expect(onGraft).toHaveBeenCalledWith(after));
    expect(vi.mocked(supersedeFile)).toHaveBeenCalledWith(
      'EB1-2026-0008',
      '1',
      'Freigabe v2.pdf',
      'Signed copy',
      pdf,
      expect.any(Function),
    );
  });
});
