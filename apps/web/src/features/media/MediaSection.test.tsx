import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Notifications } from '@mantine/notifications';
import type { Graft } from '@graftmatch/domain';
import { clearSession, setAccessToken } from '../../api/session';
import { fakeApi, fakeJwt, json, problem } from '../../test/fakeApi';
import { aGraft } from '../../test/fixtures';
import { renderUi } from '../../test/render';
import { MediaSection } from './MediaSection';

const token = fakeJwt(900);
const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]);

const graft: Graft = aGraft({
  e_Lot: 'EB1-2026-0007',
  fotoFiles: [
    { name: 'front.jpg', size: 6, contentType: 'image/jpeg' },
    { name: 'lost.jpg', size: 6, contentType: 'image/jpeg' },
  ],
  releaseStatementFiles: [{ name: 'release.pdf', size: 2000, contentType: 'application/pdf' }],
});

function show(editable: boolean, onGraft = vi.fn()) {
  renderUi(
    <>
      <Notifications />
      <MediaSection graft={graft} editable={editable} onGraft={onGraft} />
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
});
