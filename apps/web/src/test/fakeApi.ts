import type { UserSettings } from '@graftmatch/domain';
import { vi } from 'vitest';

export interface RecordedCall {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Headers;
  body: unknown;
  /** A multipart body (a file upload), as sent. */
  form: FormData | null;
}

type Handler = (call: RecordedCall) => Response | Promise<Response>;

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export const problem = (status: number, detail: string, extras: Record<string, unknown> = {}) =>
  new Response(JSON.stringify({ type: 'about:blank', title: 'Error', status, detail, ...extras }), {
    status,
    headers: { 'content-type': 'application/problem+json' },
  });

/** A handler for a list route: the page `?limit=&offset=` asks for, with the count of all in `X-Total-Count`. */
export const pagedJson =
  (items: readonly unknown[]) =>
  ({ query }: RecordedCall): Response => {
    const offset = Number(query.get('offset') ?? 0);
    const answer = json(items.slice(offset, offset + Number(query.get('limit') ?? items.length)));
    answer.headers.set('x-total-count', String(items.length));
    return answer;
  };

/** A JWT whose payload expires `secondsFromNow` from now; the signature is not checked by the client. */
export function fakeJwt(secondsFromNow: number, id = 'x'): string {
  const encode = (value: object) =>
    btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${encode({ alg: 'HS256' })}.${encode({ exp: Math.floor(Date.now() / 1000) + secondsFromNow, jti: id })}.sig`;
}

/**
 * Replaces fetch with a router of "METHOD /api/path" handlers and records every call, so a test
 * tells what the browser would have sent.
 */
export function fakeApi(handlers: Record<string, Handler>) {
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const call: RecordedCall = {
      method,
      path: url.pathname,
      query: url.searchParams,
      headers: new Headers(init?.headers),
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : null,
      form: init?.body instanceof FormData ? init.body : null,
    };
    calls.push(call);
    const handler = handlers[`${method} ${url.pathname}`];
    return handler ? handler(call) : problem(404, `No fake for ${method} ${url.pathname}`);
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    callsTo: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path),
  };
}

/** The signed-in user's settings as the server keeps them: what a PATCH sets, the next GET answers. */
export function fakeSettings(initial: Partial<UserSettings> = {}): Record<string, Handler> {
  let stored: UserSettings = { matchMails: true, dismissedHints: [], ...initial };
  return {
    'GET /api/users/settings': () => json(stored),
    'PATCH /api/users/settings': (call) => {
      stored = { ...stored, ...(call.body as Partial<UserSettings>) };
      return json(stored);
    },
  };
}
