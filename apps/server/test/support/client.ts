/**
 * A small HTTP client for integration tests that behaves like a browser: it keeps cookies
 * and echoes the anti-forgery cookie in `X-XSRF-TOKEN` on non-GET requests.
 */
export class TestClient {
  private readonly cookies = new Map<string, string>();
  accessToken: string | undefined;

  constructor(readonly baseUrl: string) {}

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  async request(
    method: string,
    path: string,
    options: {
      json?: unknown;
      body?: string | FormData;
      headers?: Record<string, string>;
      xsrf?: boolean;
      auth?: boolean;
    } = {},
  ): Promise<Response> {
    const headers: Record<string, string> = { ...options.headers };
    if (this.cookies.size > 0) {
      headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    }
    const xsrf = this.cookies.get('XSRF-TOKEN');
    if (method !== 'GET' && options.xsrf !== false && xsrf) {
      headers['x-xsrf-token'] = xsrf;
    }
    if (options.auth !== false && this.accessToken && !headers.authorization) {
      headers.authorization = `Bearer ${this.accessToken}`;
    }
    // `body` is sent as it is (with the caller's content type, or multipart for FormData); `json` is serialised.
    let body = options.body;
    if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.json);
    }
    const response = await fetch(this.baseUrl + path, { method, headers, body, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const index = pair.indexOf('=');
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      if (/max-age=0|expires=thu, 01 jan 1970/i.test(line) || value === '') {
        this.cookies.delete(name);
      } else {
        this.cookies.set(name, value);
      }
    }
    return response;
  }

  get(path: string, options?: Parameters<TestClient['request']>[2]) {
    return this.request('GET', path, options);
  }

  post(path: string, json?: unknown, options?: Parameters<TestClient['request']>[2]) {
    return this.request('POST', path, { ...options, json });
  }

  patch(path: string, json?: unknown, options?: Parameters<TestClient['request']>[2]) {
    return this.request('PATCH', path, { ...options, json });
  }

  put(path: string, json?: unknown, options?: Parameters<TestClient['request']>[2]) {
    return this.request('PUT', path, { ...options, json });
  }

  delete(path: string, options?: Parameters<TestClient['request']>[2]) {
    return this.request('DELETE', path, options);
  }
}
