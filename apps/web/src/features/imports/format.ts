/** `812 B`, `14.2 KB`, `50 MB` (binary units, as the upload limit is set). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) {
    return `${bytes} B`;
  }
  const [value, unit] = bytes < 1024 * 1024 ? [bytes / 1024, 'KB'] : [bytes / (1024 * 1024), 'MB'];
  return `${Number(value.toFixed(value < 10 ? 1 : 0))} ${unit}`;
}

/** `2026-03-14 09:30 UTC`: the log's instants as stored, the same for every reader. */
export function formatUtcMinute(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}
