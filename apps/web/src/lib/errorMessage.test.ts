import { describe, expect, it } from 'vitest';
import { ApiError, networkError } from '../api/errors';
import { changeLanguage } from '../i18n';
import '../test/render';
import { failureNotice, isRefusal } from './errorMessage';

const refusal = (status: number, detail: string, errors: { field: string; message: string }[] = []) =>
  new ApiError(status, 'Refused', detail, errors);

describe('how a failed action is told', () => {
  it('a refused file is amber, titled by the caller, with the server’s reason', async () => {
    await changeLanguage('en');
    const notice = failureNotice(refusal(415, 'A photo must be JPEG, PNG or WebP; this is a PDF.'), {
      refused: 'File not accepted',
      failed: 'Upload failed',
    });
    expect(notice).toEqual({
      tone: 'warning',
      title: 'File not accepted',
      message: 'A photo must be JPEG, PNG or WebP; this is a PDF.',
    });
  });

  it('bad input, a conflict and a file too large are refusals; a 4xx with field errors is one too', () => {
    for (const status of [400, 409, 413, 415, 422]) {
      expect(isRefusal(refusal(status, 'no'))).toBe(true);
    }
    expect(isRefusal(refusal(404, 'no', [{ field: 'lot', message: 'unknown' }]))).toBe(true);
  });

  it('missing rights, a missing thing, a server fault and no answer are red failures', async () => {
    await changeLanguage('en');
    for (const status of [401, 403, 404, 500, 503]) {
      expect(isRefusal(refusal(status, 'no'))).toBe(false);
    }
    expect(failureNotice(refusal(500, ''))).toEqual({
      tone: 'error',
      title: 'Something went wrong',
      message: 'The request failed (500 Refused).',
    });
    expect(failureNotice(networkError(), { failed: 'Upload failed' })).toMatchObject({
      tone: 'error',
      title: 'Upload failed',
      message: expect.stringContaining('could not be reached'),
    });
    expect(failureNotice(new Error('boom')).tone).toBe('error');
  });

  it('a refusal without a title of its own is “Not accepted”, in the reader’s language', async () => {
    await changeLanguage('de');
    expect(failureNotice(refusal(400, 'Feld fehlt')).title).toBe('Nicht angenommen');
    await changeLanguage('en');
    expect(failureNotice(refusal(400, 'missing')).title).toBe('Not accepted');
  });
});
