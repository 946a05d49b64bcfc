import path from 'node:path';
import { replaceForbiddenCharacters } from '@graftmatch/domain';
import { MAX_PATH_SEGMENT_LENGTH, routedLength } from '../../http/path-segments';

// File names come from users: they are shown and offered for download, never used as paths
// (objects are stored under server-made keys). Still, they are cleaned so that a name shows
// and saves the same everywhere, by the text rule every text follows, and kept short enough for
// the path segment `getfile/{type}/{name}` carries it in (docs/api.md, "Files").

// Reserved on Windows, or path separators anywhere; the text rule's characters are replaced too.
const RESERVED = /[<>:"/\\|?*]/g;
const MAX_EXTENSION_LENGTH = 16;

/** `stem` + `extension`, the stem cut (by whole characters) so that the name fits in a path segment. */
function fitted(stem: string, extension: string): string {
  let budget = MAX_PATH_SEGMENT_LENGTH - routedLength(extension);
  let kept = '';
  for (const character of stem) {
    budget -= routedLength(character);
    if (budget < 0) {
      break;
    }
    kept += character;
  }
  return kept.trimEnd() + extension;
}

/** The name's ending (`.pdf`), or none when what follows the last dot is too long to be one. */
function extensionOf(name: string): string {
  const extension = path.extname(name);
  return routedLength(extension) > MAX_EXTENSION_LENGTH ? '' : extension;
}

/**
 * A display name without folders, control characters, bidirectional overrides, reserved characters
 * or leading dots, ending in one of `allowed` (the kind's; added when missing), and at most one path
 * segment long.
 */
export function cleanFileName(original: string, allowed: readonly string[], fallback = 'file'): string {
  const base = original.split(/[/\\]/).pop() ?? '';
  let name = replaceForbiddenCharacters(base.normalize('NFC'), '_')
    .replace(RESERVED, '_')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^[.\s]+/, '')
    .replace(/[.\s]+$/, '');
  name = name === '' ? fallback : name;
  const extension = extensionOf(name);
  if (allowed.length > 0 && !allowed.includes(extension.toLowerCase())) {
    return fitted(name, allowed[0] ?? '');
  }
  return fitted(name.slice(0, name.length - extension.length), extension);
}

/** `name`, or `name (2).ext`, `name (3).ext`, ... : the first not in `taken`, cut to fit a path segment. */
export function firstFreeName(name: string, taken: ReadonlySet<string>): string {
  if (!taken.has(name)) {
    return name;
  }
  const extension = extensionOf(name);
  const stem = name.slice(0, name.length - extension.length);
  for (let counter = 2; ; counter += 1) {
    const suffix = ` (${counter})${extension}`;
    const candidate = fitted(stem, suffix);
    if (!taken.has(candidate)) {
      return candidate;
    }
  }
}

/**
 * The name of a document's version `version` (2 or more): `name v2.pdf` after the first version's
 * `name.pdf`, ending in `extension` when given (the new file's own); the first not in `taken`.
 */
export function versionedName(
  firstName: string,
  version: number,
  taken: ReadonlySet<string>,
  extension?: string,
): string {
  const firstExtension = extensionOf(firstName);
  const stem = firstName.slice(0, firstName.length - firstExtension.length);
  return firstFreeName(fitted(stem, ` v${version}${extension ?? firstExtension}`), taken);
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
