import type { SessionTokens } from '@graftmatch/domain';
import { ApiError, networkError, toApiError } from './errors';
import { noteReachability } from './reachability';
import {
  clearSession,
  currentAccessToken,
  mayHaveSession,
  needsRefresh,
  noteSessionEnd,
  setAccessToken,
} from './session';
import { XSRF_HEADER, xsrfToken } from './xsrf';
import { noteServerDate } from './serverClock';
import { currentLanguage } from '../i18n';

export const API_BASE = '/api';
const ACCEPT = 'application/json, application/problem+json';

/** How a call authenticates: the session's access token (default), none, or a given header. */
export type Auth =
  | { kind: 'access' }
  | { kind: 'none' }
  | { kind: 'bearer'; token: string }
  | { kind: 'basic'; username: string; password: string };

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  body?: unknown;
  auth?: Auth;
  signal?: AbortSignal;
  /** The Accept header; JSON and problems unless a call wants a file. */
  accept?: string;
  /** For downloads: told the bytes received so far, and the answer's length (0 when not sent). */
  onProgress?: (received: number, total: number) => void;
}

/** The session is gone (refresh refused); callers show the login page rather than an error. */
export class SessionEndedError extends ApiError {
  constructor() {
    super(401, 'Session ended', '');
  }
}

const sessionEndedListeners = new Set<() => void>();

/** Called once each time the session is found to be over; returns the unsubscribe function. */
export function onSessionEnded(listener: () => void): () => void {
  sessionEndedListeners.add(listener);
  return () => sessionEndedListeners.delete(listener);
}

function endSession(): SessionEndedError {
  clearSession();
  for (const listener of sessionEndedListeners) {
    listener();
  }
  return new SessionEndedError();
}

// UTF-8 safe: btoa alone throws on characters outside Latin-1, which passwords may hold.
function basicCredentials(username: string, password: string): string {
  const bytes = new TextEncoder().encode(`${username}:${password}`);
  return btoa(Array.from(bytes, (byte) => String.fromCharCode(byte)).join(''));
}

let refreshing: Promise<string> | null = null;

/**
 * Gets a new access token with the HttpOnly `refresh` cookie. Concurrent callers share one call:
 * the server rotates the refresh token at each use and treats a reused one as theft.
 */
export function refreshAccessToken(): Promise<string> {
  refreshing ??= runRefresh().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

async function runRefresh(): Promise<string> {
  let response: Response;
  try {
    response = await fetch(`${API_BASE}/auth/refresh`, { credentials: 'same-origin', headers: { Accept: ACCEPT } });
  } catch {
    // Offline is not a lost session: keep it and let the caller report the network error.
    noteReachability(false);
    throw networkError();
  }
  noteReachability(true);
  if (!response.ok) {
    // Overload and server faults are passing trouble; a refused refresh ends the session.
    const transient = response.status === 429 || response.status >= 500;
    throw transient ? await toApiError(response) : endSession();
  }
  const tokens = (await response.json()) as SessionTokens;
  setAccessToken(tokens.access_Token);
  noteSessionEnd(tokens.refresh_Token);
  return tokens.access_Token;
}

/** A valid access token, refreshed first when missing or about to expire (spec §5, §7). */
export async function freshAccessToken(): Promise<string> {
  const token = currentAccessToken();
  if (token !== null && !needsRefresh()) {
    return token;
  }
  if (!mayHaveSession()) {
    throw endSession();
  }
  return refreshAccessToken();
}

async function authorization(auth: Auth): Promise<string | null> {
  switch (auth.kind) {
    case 'access':
      return `Bearer ${await freshAccessToken()}`;
    case 'bearer':
      return `Bearer ${auth.token}`;
    case 'basic':
      return `Basic ${basicCredentials(auth.username, auth.password)}`;
    case 'none':
      return null;
  }
}

interface Sent {
  response: Response;
  /** The Authorization header the call went out with. */
  authHeader: string | null;
}

async function send(path: string, options: RequestOptions, auth: Auth): Promise<Sent> {
  const method = options.method ?? 'GET';
  // The server words its texts (reasons, errors, documents) in the language chosen in the UI.
  const headers = new Headers({ Accept: options.accept ?? ACCEPT, 'Accept-Language': currentLanguage() });
  const authHeader = await authorization(auth);
  if (authHeader) {
    headers.set('Authorization', authHeader);
  }
  if (method !== 'GET') {
    const token = await xsrfToken();
    if (token) {
      headers.set(XSRF_HEADER, token);
    }
  }
  // A form (a file upload) sets its own multipart type with the boundary; anything else is JSON.
  const form = options.body instanceof FormData;
  if (options.body !== undefined && !form) {
    headers.set('Content-Type', 'application/json');
  }
  try {
    const response = await fetch(`${API_BASE}${path}`, {
      method,
      headers,
      credentials: 'same-origin',
      body: options.body === undefined ? null : form ? (options.body as FormData) : JSON.stringify(options.body),
      signal: options.signal ?? null,
    });
    noteServerDate(response.headers.get('date'));
    noteReachability(true);
    return { response, authHeader };
  } catch (error) {
    if (options.signal?.aborted) {
      throw error;
    }
    noteReachability(false);
    throw networkError();
  }
}

async function read<T>(response: Response): Promise<T> {
  if (!response.ok) {
    throw await toApiError(response);
  }
  if (response.status === 204 || !(response.headers.get('content-type') ?? '').includes('json')) {
    return undefined as T;
  }
  return (await response.json()) as T;
}

/** Sends the call; a 401 on the session's token refreshes once and retries once. */
async function exchange(path: string, options: RequestOptions): Promise<Response> {
  const auth = options.auth ?? { kind: 'access' };
  const { response, authHeader } = await send(path, options, auth);
  if (response.status !== 401 || auth.kind !== 'access') {
    return response;
  }
  // The token was revoked or the clocks disagree: refresh once (unless another call already did
  // while this one was under way) and retry once.
  const latest = currentAccessToken();
  if (latest === null || `Bearer ${latest}` === authHeader) {
    await refreshAccessToken();
  }
  const { response: retry } = await send(path, options, auth);
  if (retry.status === 401) {
    throw endSession();
  }
  return retry;
}

/** Calls `/api{path}` and returns the parsed JSON; throws ApiError with the server's problem. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return read<T>(await exchange(path, options));
}

/** A page of a list route: its items and the number of all matching items (`X-Total-Count`). */
export interface ListPage<T> {
  items: T[];
  total: number;
}

/** Calls a list route that answers a plain array and counts all matches in `X-Total-Count` (docs/api.md, "Lists"). */
export async function apiPage<T>(path: string, options: RequestOptions = {}): Promise<ListPage<T>> {
  const response = await exchange(path, options);
  const items = await read<T[]>(response);
  const total = Number(response.headers.get('x-total-count'));
  return { items, total: Number.isFinite(total) && total >= items.length ? total : items.length };
}

export interface DownloadedFile {
  blob: Blob;
  /** The file name of the answer's Content-Disposition, if it named one. */
  fileName: string | null;
}

/** The file name of a Content-Disposition header (`filename*=UTF-8''…` preferred), or null. */
export function dispositionFileName(header: string | null): string | null {
  if (!header) {
    return null;
  }
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // A broken encoding falls back to the plain parameter.
    }
  }
  const plain = /filename\s*=\s*(?:"([^"]*)"|([^;]+))/.exec(header);
  const name = (plain?.[1] ?? plain?.[2] ?? '').trim();
  // Only a bare name: no folders, whatever the server sent.
  const base = name.split(/[\\/]/).pop() ?? '';
  return base === '' ? null : base;
}

/**
 * Fetches a file (a PDF, say) from `/api{path}` with the same authorization as every call, so no
 * token ever travels in a URL; throws ApiError with the server's problem.
 */
export async function apiDownload(path: string, options: RequestOptions = {}): Promise<DownloadedFile> {
  const response = await exchange(path, options);
  if (!response.ok) {
    throw await toApiError(response);
  }
  const fileName = dispositionFileName(response.headers.get('content-disposition'));
  const { onProgress } = options;
  if (!onProgress || !response.body) {
    return { blob: await response.blob(), fileName };
  }
  // Read chunk by chunk to report progress against the answer's length.
  const total = Number(response.headers.get('content-length') ?? 0) || 0;
  const chunks: Uint8Array[] = [];
  let received = 0;
  const reader = response.body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) {
        break;
      }
      chunks.push(value);
      received += value.byteLength;
      onProgress(received, total);
    }
  } catch (error) {
    throw options.signal?.aborted ? error : networkError();
  }
  const type = response.headers.get('content-type') ?? '';
  return { blob: new Blob(chunks as BlobPart[], { type }), fileName };
}
