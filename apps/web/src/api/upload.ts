import { API_BASE, freshAccessToken, refreshAccessToken } from './client';
import { networkError, toApiError } from './errors';
import type { ApiRoutes } from './routes';
import { XSRF_HEADER, xsrfToken } from './xsrf';
import { currentLanguage } from '../i18n';

type UploadRoute = {
  [Name in keyof ApiRoutes]: ApiRoutes[Name] extends { body: FormData } ? Name : never;
}[keyof ApiRoutes];

export interface UploadProgress {
  loaded: number;
  total: number;
}

function sendOnce(
  path: string,
  form: FormData,
  token: string,
  xsrf: string | null,
  onProgress: (p: UploadProgress) => void,
) {
  return new Promise<XMLHttpRequest>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `${API_BASE}${path}`);
    request.setRequestHeader('Accept', 'application/json, application/problem+json');
    request.setRequestHeader('Accept-Language', currentLanguage());
    request.setRequestHeader('Authorization', `Bearer ${token}`);
    if (xsrf) {
      request.setRequestHeader(XSRF_HEADER, xsrf);
    }
    request.withCredentials = true;
    request.upload.onprogress = (event) =>
      onProgress({ loaded: event.loaded, total: event.lengthComputable ? event.total : 0 });
    request.onload = () => resolve(request);
    request.onerror = () => reject(networkError());
    request.send(form);
  });
}

/** The XMLHttpRequest's answer as a fetch Response, so errors are read the same way as every call's. */
function asResponse(request: XMLHttpRequest): Response {
  const body = request.status === 204 ? null : request.responseText;
  return new Response(body, {
    status: request.status,
    statusText: request.statusText,
    headers: { 'content-type': request.getResponseHeader('content-type') ?? '' },
  });
}

/**
 * Posts multipart form data with the session's bearer header and the anti-forgery header, telling
 * upload progress (fetch cannot); a 401 refreshes the token once and sends again.
 */
export async function upload<K extends UploadRoute>(
  route: K,
  form: FormData,
  onProgress: (progress: UploadProgress) => void,
): Promise<ApiRoutes[K]['response']> {
  const path = route.slice('POST '.length);
  const xsrf = await xsrfToken();
  let request = await sendOnce(path, form, await freshAccessToken(), xsrf, onProgress);
  if (request.status === 401) {
    request = await sendOnce(path, form, await refreshAccessToken(), xsrf, onProgress);
  }
  const response = asResponse(request);
  if (!response.ok) {
    throw await toApiError(response);
  }
  return (await response.json()) as ApiRoutes[K]['response'];
}
