import path from 'node:path';

// File names come from users: they are shown and offered for download, never used as paths
// (objects are stored under server-made keys). Still, they are cleaned so that a name shows
// and saves the same everywhere (docs/api.md, "Files").

const MAX_NAME_LENGTH = 120;
// Reserved on Windows, or path separators anywhere, and control characters.
// eslint-disable-next-line no-control-regex
const UNSAFE = /[<>:"/\\|?*\u0000-\u001f\u007f-\u009f]/g;

/** A display name without folders, control characters, reserved characters or leading dots. */
export function sanitizeFileName(original: string, fallback = 'file'): string {
  const base = original.split(/[/\\]/).pop() ?? '';
  let name = base
    .normalize('NFC')
    .replace(UNSAFE, '_')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^[.\s]+/, '')
    .replace(/[.\s]+$/, '');
  if (name.length > MAX_NAME_LENGTH) {
    const extension = path.extname(name).slice(0, 16);
    name = name.slice(0, MAX_NAME_LENGTH - extension.length) + extension;
  }
  return name === '' ? fallback : name;
}

/** Adds the kind's usual ending when the name has none of the allowed ones. */
export function withExtension(name: string, allowed: readonly string[]): string {
  const extension = path.extname(name).toLowerCase();
  return allowed.includes(extension) ? name : `${name}${allowed[0] ?? ''}`;
}

/** `name`, or `name (2).ext`, `name (3).ext`, ... : the first not in `taken`. */
export function firstFreeName(name: string, taken: ReadonlySet<string>): string {
  if (!taken.has(name)) {
    return name;
  }
  const extension = path.extname(name);
  const stem = name.slice(0, name.length - extension.length);
  for (let counter = 2; ; counter += 1) {
    const candidate = `${stem} (${counter})${extension}`;
    if (!taken.has(candidate)) {
      return candidate;
    }
  }
}

/**
 * `Content-Disposition` per RFC 6266: an ASCII `filename` for old clients and the exact name
 * as UTF-8 in `filename*` (RFC 8187).
 */
export function contentDisposition(type: 'inline' | 'attachment', name: string): string {
  const ascii = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '_')
    .replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
