import { vi } from 'vitest';
import { jsonResponse } from './render';

export type Handler = (request: { url: URL; init: RequestInit; body: unknown }) => Response | Promise<Response>;

/**
 * A fetch stub that routes by "METHOD /path" (query string ignored for the match, available
 * in `url`). Unmatched calls answer 404 so a missing handler fails loudly.
 */
export function stubFetch(handlers: Record<string, Handler>) {
  const fetchMock = vi.fn<typeof fetch>(async (input, init = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const key = `${init.method ?? 'GET'} ${url.pathname}`;
    const handler = handlers[key];
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    if (handler) return handler({ url, init, body });
    return jsonResponse({ success: false, error: `no handler for ${key}`, code: 'NOT_FOUND' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  /** Every call as "METHOD /path?query". */
  const calls = () =>
    fetchMock.mock.calls.map(([input, init]) => {
      const url = new URL(String(input), 'http://localhost');
      return `${init?.method ?? 'GET'} ${url.pathname}${url.search}`;
    });
  /** The parsed JSON body of the first call matching "METHOD /path". */
  const bodyOf = (key: string): unknown => {
    const found = fetchMock.mock.calls.find(([input, init]) => {
      const url = new URL(String(input), 'http://localhost');
      return `${init?.method ?? 'GET'} ${url.pathname}` === key;
    });
    return found && typeof found[1]?.body === 'string' ? JSON.parse(found[1].body) : undefined;
  };
  return { fetchMock, calls, bodyOf };
}
