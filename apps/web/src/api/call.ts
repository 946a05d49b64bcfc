import { apiDownload, apiPage, apiRequest, type Auth, type DownloadedFile, type ListPage } from './client';
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

function split(route: RouteName): { method: 'GET' | 'POST' | 'PATCH'; template: string } {
  const [method, template] = route.split(' ') as ['GET' | 'POST' | 'PATCH', string];
  return { method, template };
}

/** Calls the API route by its name in `ApiRoutes`; what goes in and what comes back is typed by it. */
export function call<K extends RouteName>(route: K, ...[input]: Args<K>): Promise<ApiRoutes[K]['response']> {
  const { method, template } = split(route);
  const loose = (input ?? {}) as LooseInput;
  return apiRequest<ApiRoutes[K]['response']>(pathOf(template, loose), {
    method,
    ...('body' in loose ? { body: loose.body } : {}),
    ...(loose.auth ? { auth: loose.auth } : {}),
    ...(loose.signal ? { signal: loose.signal } : {}),
  });
}

type FileRoute = { [Name in RouteName]: ApiRoutes[Name]['response'] extends Blob ? Name : never }[RouteName];
type ListRoute = { [Name in RouteName]: ApiRoutes[Name]['response'] extends unknown[] ? Name : never }[RouteName];
type Item<K extends ListRoute> = ApiRoutes[K]['response'] extends (infer T)[] ? T : never;

/** Fetches a route that answers a file, with the same authorization as every call. */
export function download<K extends FileRoute>(route: K, accept: string, ...[input]: Args<K>): Promise<DownloadedFile> {
  return apiDownload(pathOf(split(route).template, (input ?? {}) as LooseInput), { accept });
}

/** Calls a paged list route; the answer's items with the number of all matches. */
export function callPage<K extends ListRoute>(route: K, ...[input]: Args<K>): Promise<ListPage<Item<K>>> {
  const loose = (input ?? {}) as LooseInput;
  return apiPage<Item<K>>(pathOf(split(route).template, loose), loose.signal ? { signal: loose.signal } : {});
}
