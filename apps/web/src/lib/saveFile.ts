const pad = (value: number) => String(value).padStart(2, '0');

/**
 * `WaitingList_<yyyyMMddTHHmmssZ>.pdf` (spec §7) for a time in UTC; used only when the server's
 * answer names no file, so the name looks like the server's own.
 */
export function waitingListFileName(at: Date): string {
  const stamp =
    `${at.getUTCFullYear()}${pad(at.getUTCMonth() + 1)}${pad(at.getUTCDate())}` +
    `T${pad(at.getUTCHours())}${pad(at.getUTCMinutes())}${pad(at.getUTCSeconds())}Z`;
  return `WaitingList_${stamp}.pdf`;
}

/** Hands a fetched file to the browser as a download with this name. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    // Revoked after the click was handled; revoking at once can cancel the download in some browsers.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}
