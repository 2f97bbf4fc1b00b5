// Values come from the shared sub-modules, not the package root: the root also evaluates the zod
// schemas, which would put zod into the first screen's bundle.
import type { TFieldError } from '@masthub/shared';
import { REQUEST_TIMEOUT_MS } from '@masthub/shared/constants.ts';
import { ERROR_MESSAGES } from '@masthub/shared/i18n/errors.ts';
import { DEFAULT_UTC_CODE } from '@masthub/shared/time-zones.ts';
import { feedback } from '../browser/feedback.ts';
import { clearLogin, readLogin } from '../browser/login.storage.ts';
import { readItem, removeItem, STORAGE_KEYS, writeItem } from '../browser/storage.ts';
import { getAppLanguage } from '../i18n/i18n.ts';
import { toHeaderLanguage, toShortLanguage } from '../i18n/languages.ts';
import { buildHeaders, buildUrl, fileNameOf, type QueryParams } from './request.utils.ts';
import { decideOutcome, type RawResult, type ResponseOutcome } from './response-outcome.ts';

export const API_BASE = '/api';
export const LOGIN_PATH = '/login';

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  params?: QueryParams;
  /** JSON-serialised unless it is FormData. */
  body?: unknown;
  /** Default 90 s (SPEC §7); the recognition preview passes 180 s. */
  timeoutMs?: number;
  /** No error toast (reference-data calls ignore non-200 silently). A 401 still logs the user out. */
  silent?: boolean;
  signal?: AbortSignal;
}

/** A call that did not end with code 200; `message` is what the user was (or would have been) shown. */
export class RequestError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly serverMessage: string | undefined,
    readonly fields: TFieldError[],
    readonly isUnauthorized = false,
    /** The server's error code (`data.errorCode`), for screens that react to one refusal in particular. */
    readonly errorCode?: string,
  ) {
    super(message);
    this.name = 'RequestError';
  }
}

export function readUtcCode(): string {
  return readItem(STORAGE_KEYS.utcCode) ?? DEFAULT_UTC_CODE;
}

export function saveUtcCode(code: string): void {
  writeItem(STORAGE_KEYS.utcCode, code);
}

function isOnLoginPage(): boolean {
  return typeof window !== 'undefined' && window.location.pathname === LOGIN_PATH;
}

let isRedirectingToLogin = false;

function handleUnauthorized(message: string, redirectToLogin: boolean): void {
  if (!redirectToLogin) {
    feedback.error(message);
    return;
  }
  // Several calls in flight can all answer 401: act once.
  if (isRedirectingToLogin) return;
  isRedirectingToLogin = true;
  feedback.error(message);
  writeItem(STORAGE_KEYS.pendingNotice, message, 'session');
  clearLogin();
  window.location.assign(LOGIN_PATH);
}

async function send(
  url: string,
  init: RequestInit,
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<RawResult> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const onCallerAbort = () => controller.abort();
  signal?.addEventListener('abort', onCallerAbort);
  try {
    const response = await fetch(url, { ...init, signal: controller.signal });
    const text = await response.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      // Not JSON (a proxy error page): decideOutcome treats it as a missing envelope.
    }
    return { type: 'response', status: response.status, body };
  } catch (error) {
    if (signal?.aborted) throw error;
    return timedOut ? { type: 'timeout' } : { type: 'network' };
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onCallerAbort);
  }
}

/** Calls the API and returns `data` of a code-200 envelope; every failure follows SPEC §8 and throws. */
export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', params, body, timeoutMs = REQUEST_TIMEOUT_MS, silent = false, signal } = options;
  const language = getAppLanguage();
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
  const hasJsonBody = body !== undefined && !isForm;
  const headers = buildHeaders({
    token: readLogin()?.token,
    utcCode: readUtcCode(),
    language: toHeaderLanguage(language),
    hasJsonBody,
  });
  const init: RequestInit = { method, headers, credentials: 'include' };
  if (isForm) init.body = body;
  else if (hasJsonBody) init.body = JSON.stringify(body);

  const raw = await send(buildUrl(API_BASE, path, params), init, timeoutMs, signal);
  const outcome = decideOutcome(raw, { language: toShortLanguage(language), isOnLoginPage: isOnLoginPage() });
  switch (outcome.kind) {
    case 'success':
      return outcome.data as T;
    case 'unauthorized':
      handleUnauthorized(outcome.message, outcome.redirectToLogin);
      throw new RequestError(401, outcome.message, outcome.message, [], true);
    case 'failure':
      return fail(outcome, silent);
  }
}

/** A refused call: its message shown (unless silent), then thrown with the server's details. */
function fail(outcome: Extract<ResponseOutcome, { kind: 'failure' }>, silent: boolean): never {
  if (!silent) feedback.error(outcome.message);
  throw new RequestError(
    outcome.code,
    outcome.message,
    outcome.serverMessage,
    outcome.fields,
    false,
    outcome.errorCode,
  );
}

/** A file answered by the API (xlsx export, attachment, IEA 43 JSON). */
export interface DownloadedFile {
  blob: Blob;
  /** From Content-Disposition (RFC 5987 `filename*` first), or undefined. */
  fileName: string | undefined;
}

/**
 * Calls an endpoint that answers a file. A JSON envelope instead (a refusal) goes through the same
 * SPEC §8 handling as `request` and throws a RequestError.
 */
export async function requestFile(path: string, options: RequestOptions = {}): Promise<DownloadedFile> {
  const { method = 'GET', params, body, timeoutMs = REQUEST_TIMEOUT_MS, silent = false } = options;
  const language = getAppLanguage();
  const hasJsonBody = body !== undefined;
  const headers = buildHeaders({
    token: readLogin()?.token,
    utcCode: readUtcCode(),
    language: toHeaderLanguage(language),
    hasJsonBody,
  });
  headers['Accept'] = '*/*';
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  let raw: RawResult;
  try {
    const response = await fetch(buildUrl(API_BASE, path, params), {
      method,
      headers,
      credentials: 'include',
      body: hasJsonBody ? JSON.stringify(body) : undefined,
      signal: controller.signal,
    });
    const type = response.headers.get('content-type') ?? '';
    if (response.ok && !type.includes('application/json')) {
      return {
        blob: await response.blob(),
        fileName: fileNameOf(response.headers.get('content-disposition')),
      };
    }
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // Not JSON: decideOutcome reports a missing envelope.
    }
    // A JSON file that is not an envelope (the IEA 43 export) is the download itself.
    if (response.ok && !isEnvelopeLike(parsed)) {
      return {
        blob: new Blob([text], { type }),
        fileName: fileNameOf(response.headers.get('content-disposition')),
      };
    }
    raw = { type: 'response', status: response.status, body: parsed };
  } catch {
    raw = timedOut ? { type: 'timeout' } : { type: 'network' };
  } finally {
    clearTimeout(timer);
  }
  const outcome = decideOutcome(raw, { language: toShortLanguage(language), isOnLoginPage: isOnLoginPage() });
  if (outcome.kind === 'unauthorized') {
    handleUnauthorized(outcome.message, outcome.redirectToLogin);
    throw new RequestError(401, outcome.message, outcome.message, [], true);
  }
  if (outcome.kind === 'success') {
    const message = ERROR_MESSAGES.INTERNAL[toShortLanguage(language)];
    if (!silent) feedback.error(message);
    throw new RequestError(500, message, undefined, []);
  }
  return fail(outcome, silent);
}

function isEnvelopeLike(body: unknown): boolean {
  return typeof body === 'object' && body !== null && !Array.isArray(body) && 'code' in body && 'msg' in body;
}

/** Saves a downloaded file through a temporary link (the browser's download). */
export function saveFile(file: DownloadedFile, fallbackName: string): void {
  const url = URL.createObjectURL(file.blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = file.fileName ?? fallbackName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export const http = {
  get<T>(
    path: string,
    params?: QueryParams,
    options?: Omit<RequestOptions, 'method' | 'params'>,
  ): Promise<T> {
    return request<T>(path, { ...options, method: 'GET', params });
  },
  post<T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>): Promise<T> {
    return request<T>(path, { ...options, method: 'POST', body });
  },
};

/** Takes the notice a 401 left before reloading, to show it on the login page. */
export function takePendingNotice(): string | null {
  const notice = readItem(STORAGE_KEYS.pendingNotice, 'session');
  if (notice) removeItem(STORAGE_KEYS.pendingNotice, 'session');
  return notice;
}
