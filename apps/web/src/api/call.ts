import {
  apiDownload,
  apiPage,
  apiRequest,
  type Auth,
  type DownloadedFile,
  type ListPage,
  type RequestOptions,
} from './client';
import { MAX_PAGE_SIZE, type PageQuery } from '@graftmatch/domain';
import type { ApiRoutes, RouteName } from './routes';

type Part<R, Key extends string> = R extends Record<Key, infer Value> ? Record<Key, Value> : unknown;

/** What a call of the route takes: its path parameters, query and body as the route names them. */
export type CallInput<R> = Part<R, 'params'> &
  Part<R, 'query'> &
  Part<R, 'body'> & { auth?: Auth; signal?: AbortSignal | undefined };

/** The input is optional only where the route takes none. */
type Args<K extends RouteName> =
  object extends CallInput<ApiRoutes[K]> ? [input?: CallInput<ApiRoutes[K]>] : [input: CallInput<ApiRoutes[K]>];

interface LooseInput {
  params?: Record<string, string>;
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  auth?: Auth;
  signal?: AbortSignal | undefined;
}

/** `/admin/user/{id}` with `{ id }` filled in (encoded) and the query's set values appended. */
export function pathOf(template: string, input: LooseInput = {}): string {
  const path = template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = input.params?.[name];
    if (value === undefined) {
      throw new Error(`${template} needs the path parameter ${name}`);
    }
    return encodeURIComponent(value);
  });
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(input.query ?? {})) {
    if (value !== undefined && String(value).trim() !== '') {
      query.set(key, String(value).trim());
    }
  }
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

function split(route: RouteName): { method: Method; template: string } {
  const [method, template] = route.split(' ') as [Method, string];
  return { method, template };
}

/** The request of a call: its path with the query, and its method, body, authorization and signal. */
function requestOf(route: RouteName, input: unknown): [path: string, options: RequestOptions] {
  const { method, template } = split(route);
  const loose = (input ?? {}) as LooseInput;
  return [
    pathOf(template, loose),
    {
      method,
      ...('body' in loose ? { body: loose.body } : {}),
      ...(loose.auth ? { auth: loose.auth } : {}),
      ...(loose.signal ? { signal: loose.signal } : {}),
    },
  ];
}

/** Calls the API route by its name in `ApiRoutes`; what goes in and what comes back is typed by it. */
export function call<K extends RouteName>(route: K, ...[input]: Args<K>): Promise<ApiRoutes[K]['response']> {
  return apiRequest<ApiRoutes[K]['response']>(...requestOf(route, input));
}

/** A route that answers a file, or (`file`) answers one besides JSON when the call accepts its type. */
type FileRoute = {
  [Name in RouteName]: ApiRoutes[Name] extends { response: Blob } | { file: Blob } ? Name : never;
}[RouteName];
type ListRoute = { [Name in RouteName]: ApiRoutes[Name]['response'] extends unknown[] ? Name : never }[RouteName];
type Item<K extends ListRoute> = ApiRoutes[K]['response'] extends (infer T)[] ? T : never;
/** A list route that takes only a page (`?limit=&offset=`) and nothing else. */
type PagedRoute = {
  [Name in ListRoute]: ApiRoutes[Name] extends { query: PageQuery; params?: never; body?: never } ? Name : never;
}[ListRoute];

/** What a file route takes, plus an optional progress callback (bytes received so far, and the length). */
type DownloadInput<K extends FileRoute> = CallInput<ApiRoutes[K]> & {
  onProgress?: (received: number, total: number) => void;
};

/** Fetches a route that answers a file, with the same authorization as every call. */
export function download<K extends FileRoute>(
  route: K,
  accept: string,
  ...[input]: object extends DownloadInput<K> ? [input?: DownloadInput<K>] : [input: DownloadInput<K>]
): Promise<DownloadedFile> {
  const loose = (input ?? {}) as LooseInput & { onProgress?: (received: number, total: number) => void };
  return apiDownload(pathOf(split(route).template, loose), {
    accept,
    ...(loose.signal ? { signal: loose.signal } : {}),
    ...(loose.onProgress ? { onProgress: loose.onProgress } : {}),
  });
}

/** Calls a paged list route (the search too, a POST); the answer's items with the number of all matches. */
export function callPage<K extends ListRoute>(route: K, ...[input]: Args<K>): Promise<ListPage<Item<K>>> {
  return apiPage<Item<K>>(...requestOf(route, input));
}

/**
 * Every item of a paged list, page after page until the count the server gives: a list answers at
 * most 500 a page, and a screen that shows or searches a whole list must not lose the rest.
 */
export async function callAll<K extends PagedRoute>(route: K, signal?: AbortSignal): Promise<Item<K>[]> {
  const items: Item<K>[] = [];
  for (;;) {
    const query = { limit: MAX_PAGE_SIZE, offset: items.length };
    const page = await apiPage<Item<K>>(pathOf(split(route).template, { query }), signal ? { signal } : {});
    items.push(...page.items);
    if (page.items.length === 0 || items.length >= page.total) {
      return items;
    }
  }
}
