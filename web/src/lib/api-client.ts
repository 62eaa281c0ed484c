import type { ErrorBody } from '@kinodost/contracts/errors';
import { paths } from '../config/paths';
import { azShell } from '../i18n/az-shell';
import { noteAnswer, noteRequestSent } from './first-request-time';
import { getToken, removeToken } from './storage';
import { yieldToMain } from './yield-to-main';

/**
 * The HTTP client of docs/product.md#error-texts. Two families with different error rules:
 *  - `apiRequest` for user, movie and stats calls (the first rule);
 *  - `socialRequest` for friend and newsletter calls (the second rule).
 * Both time out after 15 s, send the stored token as a Bearer header when asked to, and end
 * the session on a 401/403 of an authenticated call.
 */

export const API_BASE = '/api';
export const REQUEST_TIMEOUT_MS = 15_000;

/** An error of the client whose message is already a text for the person. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    message: string,
    /** HTTP status when there was a response. */
    readonly status?: number,
  ) {
    super(message);
  }
}

/** The server's error body (docs/product.md#api-shape): the catalogue throws it as it is. */
export const isErrorBody = (value: unknown): value is ErrorBody =>
  typeof value === 'object' && value !== null && typeof (value as { error?: unknown }).error === 'string';

/** The text to show a person for anything the clients throw. */
export const errorMessage = (error: unknown): string => {
  if (isErrorBody(error)) return error.error;
  if (error instanceof Error && error.message) return error.message;
  return azShell.errors.unknown;
};

/** Per-field texts of a 400 validation answer, keyed by input name. */
export const errorFields = (error: unknown): Record<string, string> =>
  isErrorBody(error) && error.fields ? error.fields : {};

// ---------------------------------------------------------------------------------------------
// Ending the session. The client cannot navigate by itself without a router; the auth provider
// installs a handler that clears identity and navigates inside the app. Without one (tests,
// early start) a full page load does it.

export type UnauthorizedHandler = (target: string) => void;
const defaultUnauthorizedHandler: UnauthorizedHandler = (target) => window.location.assign(target);
let unauthorizedHandler: UnauthorizedHandler = defaultUnauthorizedHandler;

/** Install the handler called after a 401/403 removed the token; returns the uninstaller. */
export const setUnauthorizedHandler = (handler: UnauthorizedHandler): (() => void) => {
  unauthorizedHandler = handler;
  return () => {
    if (unauthorizedHandler === handler) unauthorizedHandler = defaultUnauthorizedHandler;
  };
};

const endSession = (target: string): void => {
  removeToken();
  unauthorizedHandler(target);
};

// ---------------------------------------------------------------------------------------------

export type RequestMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  method?: RequestMethod;
  /** A JSON-serialisable value, or FormData sent as multipart. */
  body?: unknown;
  /** Send the stored token (default true). Login, register, password reset and public profiles don't. */
  auth?: boolean;
  /** Cancels the request (TanStack Query passes one). */
  signal?: AbortSignal;
  /**
   * The answer to this very request when it was sent already (index.html's early profile request,
   * lib/auth/early-profile.ts): read as if fetched here, under the same timeout and signal.
   */
  response?: Promise<Response>;
}

const isJsonType = (contentType: string | null): boolean =>
  !!contentType && /\bapplication\/(?:[\w.+-]+\+)?json\b/i.test(contentType);

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/**
 * A fresh Idempotency-Key. crypto.randomUUID exists only in secure contexts (HTTPS, localhost);
 * an install reached over plain HTTP on a home network gets one from getRandomValues instead.
 */
export const newIdempotencyKey = (): string => {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};

const buildInit = (options: RequestOptions, signal: AbortSignal, alwaysJson: boolean): RequestInit => {
  const headers = new Headers({ Accept: 'application/json' });
  // Every POST carries a key of its own: the server answers a repeat of it with the first answer
  // and changes nothing (docs/reliability.md "Rolling restart"), so it can be sent again.
  if (options.method === 'POST') headers.set('Idempotency-Key', newIdempotencyKey());
  const isForm = typeof FormData !== 'undefined' && options.body instanceof FormData;
  if (!isForm && (options.body !== undefined || alwaysJson)) headers.set('Content-Type', 'application/json');
  if (options.auth !== false) {
    const token = getToken();
    if (token) headers.set('Authorization', `Bearer ${token}`);
  }
  let body: BodyInit | undefined;
  if (isForm) body = options.body as FormData;
  else if (options.body !== undefined) body = JSON.stringify(options.body);
  return { method: options.method ?? 'GET', headers, body, signal, credentials: 'same-origin' };
};

/**
 * Runs `work` with a signal that aborts after 15 s or when the caller's signal aborts. The timer
 * covers reading the body too, so a server that stalls mid-answer still times out.
 */
const withTimeout = async <T>(outer: AbortSignal | undefined, work: (signal: AbortSignal) => Promise<T>) => {
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new DOMException('Request timed out', 'TimeoutError')),
    REQUEST_TIMEOUT_MS,
  );
  const forward = () => controller.abort(outer?.reason);
  if (outer?.aborted) forward();
  else outer?.addEventListener('abort', forward, { once: true });
  try {
    return await work(controller.signal);
  } finally {
    clearTimeout(timer);
    outer?.removeEventListener('abort', forward);
  }
};

/**
 * fetch, and a POST once more with the same request (so the same Idempotency-Key) when the first
 * try got no answer at all: a connection lost on the way, or a stale keep-alive connection, which
 * browsers retry by themselves for reads but never for a POST. The server either never saw the
 * first try or answers it again; it is not done twice.
 */
const fetchWithRetry = async (url: string, init: RequestInit): Promise<Response> => {
  // A screen's effects start all their queries at once, and each fetch() call holds the main thread
  // for a moment: sent from a task each, they no longer add up to one long task after the commit
  // (docs/benchmarks.md, "Requests sent from tasks of their own").
  await yieldToMain();
  // Cancelled while it waited for its turn (its query unmounted): it is not sent at all.
  init.signal?.throwIfAborted();
  noteRequestSent();
  let response: Response;
  try {
    response = await fetch(url, init);
  } catch (error) {
    const keyed = new Headers(init.headers).has('Idempotency-Key');
    if (!keyed || init.signal?.aborted) throw error;
    console.warn(`[api] ${init.method} ${url}: no answer, sending it again`, error);
    response = await fetch(url, init);
  }
  noteAnswer(response);
  return response;
};

/** `pending`, or the signal's reason once it aborts first: what fetch itself does with a signal. */
const untilAborted = <T>(pending: Promise<T>, signal: AbortSignal): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const abort = () => reject(signal.reason);
    signal.addEventListener('abort', abort, { once: true });
    pending.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });

// ---------------------------------------------------------------------------------------------
// Family (a): user, movie and stats calls.

/** What a non-success answer throws (docs/product.md#error-texts, in order). */
const failureOf = async (response: Response): Promise<unknown> => {
  if (!isJsonType(response.headers.get('content-type')))
    return new ApiError(azShell.errors.serverNoAnswer, response.status);
  let body: unknown;
  try {
    body = JSON.parse(await response.text());
  } catch {
    return new ApiError(azShell.errors.unreadableResponse, response.status);
  }
  if (isErrorBody(body)) return body;
  if (isRecord(body) && typeof body.message === 'string' && body.message !== '') {
    return new ApiError(body.message, response.status);
  }
  return new ApiError(azShell.errors.api, response.status);
};

/** A success body; empty counts as {} (204 and friends). */
const successOf = async <T>(response: Response): Promise<T> => {
  let text: string;
  try {
    text = await response.text();
  } catch {
    throw new ApiError(azShell.errors.unparseableSuccess, response.status);
  }
  if (text.trim() === '') return {} as T;
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new ApiError(azShell.errors.unparseableSuccess, response.status);
  }
};

/** Reads a family (a) answer; shared by fetch and the XHR upload. */
const readResponse = async <T>(response: Response, authenticated: boolean): Promise<T> => {
  if (!response.ok) {
    // A 401 from login itself is just a wrong password: only authenticated calls end the session.
    if (authenticated && (response.status === 401 || response.status === 403)) {
      endSession(response.status === 401 ? paths.loginExpired : paths.login);
    }
    throw await failureOf(response);
  }
  return successOf<T>(response);
};

/** Anything not already in the catalogue (network failure, timeout) is 'Bilinməyən xəta'. */
const normalize = (error: unknown, signal?: AbortSignal): unknown => {
  if (isErrorBody(error) || error instanceof ApiError) return error;
  // A caller that cancelled on purpose (a query unmounting) gets its own abort reason back.
  if (signal?.aborted) return signal.reason ?? error;
  return new ApiError(azShell.errors.unknown);
};

const describe = (options: RequestOptions, path: string) => `${options.method ?? 'GET'} ${API_BASE}${path}`;

/** Logs a failure; a request its caller cancelled (a query unmounted or replaced) did not fail. */
const logFailure = (label: string, failure: unknown, signal?: AbortSignal) => {
  if (!signal?.aborted) console.error(`[api] ${label} failed:`, failure);
};

/** A user, movie or stats call (docs/product.md#error-texts, the first rule). */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const authenticated = options.auth !== false;
  try {
    return await withTimeout(options.signal, async (signal) => {
      const response = await (options.response
        ? untilAborted(options.response, signal)
        : fetchWithRetry(`${API_BASE}${path}`, buildInit(options, signal, false)));
      return readResponse<T>(response, authenticated);
    });
  } catch (error) {
    const failure = normalize(error, options.signal);
    logFailure(describe(options, path), failure, options.signal);
    throw failure;
  }
}

export interface UploadOptions {
  method?: 'POST' | 'PUT';
  /** Called with 0..100 while the body is sent. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

/**
 * An authenticated multipart upload with progress (fetch cannot report upload progress). Same
 * error rules as `apiRequest`: the XHR answer is wrapped in a real Response and read the same way.
 * The 15 s limit counts from the last progress event, so a large avatar on a slow line is not
 * cut off while it is still moving.
 */
export function uploadRequest<T>(path: string, form: FormData, options: UploadOptions = {}): Promise<T> {
  const method = options.method ?? 'POST';
  const label = `${method} ${API_BASE}${path}`;
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const fail = (error: unknown) => {
      clearTimeout(timer);
      const failure = normalize(error, options.signal);
      logFailure(label, failure, options.signal);
      reject(failure);
    };
    const arm = () => {
      clearTimeout(timer);
      timer = setTimeout(() => xhr.abort(), REQUEST_TIMEOUT_MS);
    };

    xhr.open(method, `${API_BASE}${path}`);
    xhr.responseType = 'text';
    xhr.setRequestHeader('Accept', 'application/json');
    const token = getToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    // Not retried here, but a proxy may pass it on to another server process (README "nginx in front").
    if (method === 'POST') xhr.setRequestHeader('Idempotency-Key', newIdempotencyKey());
    xhr.upload.onprogress = (event) => {
      arm();
      if (event.lengthComputable && options.onProgress) {
        options.onProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)));
      }
    };
    xhr.onerror = () => fail(new Error('network'));
    xhr.onabort = () => fail(new Error('aborted'));
    xhr.onload = () => {
      clearTimeout(timer);
      const status = xhr.status;
      // Response refuses a body with these statuses; they carry none anyway.
      const noBody = status === 204 || status === 205 || status === 304;
      const contentType = xhr.getResponseHeader('content-type');
      const response = new Response(noBody ? null : xhr.responseText, {
        status,
        headers: contentType ? { 'content-type': contentType } : {},
      });
      readResponse<T>(response, true).then(
        (value) => resolve(value),
        (error: unknown) => fail(error),
      );
    };
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    arm();
    xhr.send(form);
  });
}

// ---------------------------------------------------------------------------------------------
// Family (b): friend and newsletter calls.

const readJsonQuietly = async (response: Response): Promise<Record<string, unknown>> => {
  try {
    const body: unknown = JSON.parse(await response.text());
    return isRecord(body) ? body : {};
  } catch {
    return {};
  }
};

const stringField = (body: Record<string, unknown>, key: string): string | undefined => {
  const value = body[key];
  return typeof value === 'string' && value !== '' ? value : undefined;
};

/**
 * A friend or newsletter call (docs/product.md#error-texts, the second rule). Always JSON, always with the
 * Bearer header when a token is stored. Rejects with an ApiError carrying the text to show.
 */
export async function socialRequest<T>(path: string, options: Omit<RequestOptions, 'auth'> = {}): Promise<T> {
  const label = describe(options, path);
  return withTimeout(options.signal, async (signal) => {
    let response: Response;
    try {
      response = await fetchWithRetry(`${API_BASE}${path}`, buildInit(options, signal, true));
    } catch (error) {
      if (options.signal?.aborted) throw options.signal.reason ?? error;
      console.error(`[api] ${label}: no response`, error);
      throw new ApiError(azShell.errors.serverUnreachable);
    }

    if (response.status === 401 || response.status === 403) {
      const body = await readJsonQuietly(response);
      console.error(`[api] ${label}: ${response.status}, the session ends`, body);
      endSession(paths.loginExpired);
      throw new ApiError(stringField(body, 'error') ?? azShell.errors.sessionExpired, response.status);
    }

    if (!response.ok) {
      const body = await readJsonQuietly(response);
      const failure = new ApiError(
        stringField(body, 'error') ?? stringField(body, 'message') ?? azShell.errors.unknown,
        response.status,
      );
      logFailure(label, failure, options.signal);
      throw failure;
    }

    try {
      const text = await response.text();
      return (text.trim() === '' ? {} : JSON.parse(text)) as T;
    } catch (error) {
      if (options.signal?.aborted) throw options.signal.reason ?? error;
      console.error(`[api] ${label}: unreadable answer`, error);
      throw new ApiError(azShell.errors.unknown, response.status);
    }
  });
}
