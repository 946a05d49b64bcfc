/** `812 B`, `14.2 KB`, `50 MB` (binary units, as the upload limit is set). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) {
    return `${bytes} B`;
  }
  const [value, unit] = bytes < 1024 * 1024 ? [bytes / 1024, 'KB'] : [bytes / (1024 * 1024), 'MB'];
  return `${Number(value.toFixed(value < 10 ? 1 : 0))} ${unit}`;
}
