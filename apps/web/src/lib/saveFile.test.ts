import { describe, expect, it } from 'vitest';
import { dispositionFileName } from '../api/client';
import { waitingListFileName } from './saveFile';

describe('file names of downloads', () => {
  it('reads the server’s Content-Disposition', () => {
    expect(dispositionFileName('attachment; filename="WaitingList_20261121T093015Z.pdf"')).toBe(
      'WaitingList_20261121T093015Z.pdf',
    );
    expect(dispositionFileName('attachment; filename=WaitingList_20261121T093015Z.pdf')).toBe(
      'WaitingList_20261121T093015Z.pdf',
    );
    expect(dispositionFileName('attachment; filename="a.pdf"; filename*=UTF-8\'\'Warteliste%20%C3%BC.pdf')).toBe(
      'Warteliste ü.pdf',
    );
  });

  it('keeps only a bare name and gives null without one', () => {
    expect(dispositionFileName('attachment; filename="../../etc/WaitingList.pdf"')).toBe('WaitingList.pdf');
    expect(dispositionFileName('attachment')).toBeNull();
    expect(dispositionFileName(null)).toBeNull();
  });

  it('builds the fallback from the UTC time, as the server does', () => {
    expect(waitingListFileName(new Date('2026-03-04T05:06:07.890Z'))).toBe('WaitingList_20260304T050607Z.pdf');
  });
});
