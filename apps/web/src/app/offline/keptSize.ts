import type { PersistedClient } from '@tanstack/react-query-persist-client';

/** The most the kept working set takes on the device, as stored (UTF-8 JSON). */
export const KEPT_MAX_BYTES = 20 * 1024 * 1024;

const encoder = new TextEncoder();
const byteLength = (text: string) => encoder.encode(text).byteLength;

export interface Fitted {
  json: string;
  /** The stored size in bytes. */
  bytes: number;
  /** How many queries were left out, the oldest first, to stay within the bound. */
  left: number;
}

/**
 * The persisted client as stored: its queries newest first while they fit in `maxBytes`, so the
 * oldest data goes first when the working set outgrows the bound (docs/security.md "On the device").
 */
export function fitWithin(client: PersistedClient, maxBytes = KEPT_MAX_BYTES): Fitted {
  const frame = JSON.stringify({ ...client, clientState: { ...client.clientState, queries: [] } });
  const newestFirst = [...client.clientState.queries].sort((a, b) => b.state.dataUpdatedAt - a.state.dataUpdatedAt);
  const parts: string[] = [];
  let bytes = byteLength(frame);
  for (const query of newestFirst) {
    const part = JSON.stringify(query);
    // Each query after the first adds a comma.
    const size = byteLength(part) + (parts.length > 0 ? 1 : 0);
    if (bytes + size > maxBytes) {
      break;
    }
    parts.push(part);
    bytes += size;
  }
  // The queries go where the frame has its empty list; a function, so `$` in the data stays as it is.
  const json = frame.replace('"queries":[]', () => `"queries":[${parts.join(',')}]`);
  return { json, bytes, left: newestFirst.length - parts.length };
}
