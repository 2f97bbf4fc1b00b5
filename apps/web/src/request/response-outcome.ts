import type { Language, TFieldError } from '@masthub/shared';
import { ERROR_MESSAGES } from '@masthub/shared/i18n/errors.ts';

/** What came back from one call, before any decision (pure input of `decideOutcome`). */
export type RawResult =
  | { type: 'timeout' }
  | { type: 'network' }
  | { type: 'response'; status: number; body: unknown };

export type ResponseOutcome =
  | { kind: 'success'; data: unknown }
  /** 401: show `message`; when `redirectToLogin` clear the login, go to /login and reload. */
  | { kind: 'unauthorized'; code: 401; message: string; redirectToLogin: boolean }
  | {
      kind: 'failure';
      code: number;
      message: string;
      serverMessage: string | undefined;
      fields: TFieldError[];
      /** The server's `data.errorCode` (USER_OWNS_STATIONS…), when it sent one. */
      errorCode?: string;
    };

export interface OutcomeContext {
  language: Language;
  /** On /login a 401 only shows its message (SPEC §8). */
  isOnLoginPage: boolean;
}

interface Envelope {
  code: number;
  msg: string | undefined;
  data: unknown;
}

/** Code used for failures that never reached the server (timeout, network). */
export const NETWORK_FAILURE_CODE = 0;

/** Reads the SPEC §7 envelope `{ code, msg, data }`, or undefined when the body is something else. */
export function readEnvelope(body: unknown): Envelope | undefined {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
  const record = body as Record<string, unknown>;
  if (typeof record['code'] !== 'number') return undefined;
  const msg = typeof record['msg'] === 'string' && record['msg'].trim() !== '' ? record['msg'] : undefined;
  return { code: record['code'], msg, data: record['data'] };
}

function readErrorCode(data: unknown): string | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const code = (data as Record<string, unknown>)['errorCode'];
  return typeof code === 'string' && code !== '' ? code : undefined;
}

function readFields(data: unknown): TFieldError[] {
  if (typeof data !== 'object' || data === null) return [];
  const fields = (data as Record<string, unknown>)['fields'];
  if (!Array.isArray(fields)) return [];
  return fields.filter(
    (item): item is TFieldError =>
      typeof item === 'object' &&
      item !== null &&
      typeof (item as Record<string, unknown>)['field'] === 'string' &&
      typeof (item as Record<string, unknown>)['message'] === 'string',
  );
}

/**
 * Decides what one response means, implementing SPEC §8:
 * - timeout or network error → 'request timed out, please retry later';
 * - code 401 (envelope or HTTP) → the msg (HTTP 401 without one: 'please log in'), clear login, /login, reload;
 * - HTTP 500 → 'server error, please contact administrator'; HTTP 404 → '404';
 * - any other HTTP error or non-200 envelope code → the server's msg;
 * - envelope code 200 → its data.
 */
export function decideOutcome(raw: RawResult, context: OutcomeContext): ResponseOutcome {
  const { language } = context;
  if (raw.type === 'timeout' || raw.type === 'network') {
    return {
      kind: 'failure',
      code: NETWORK_FAILURE_CODE,
      message: ERROR_MESSAGES.REQUEST_TIMEOUT[language],
      serverMessage: undefined,
      fields: [],
    };
  }
  const { status } = raw;
  const envelope = readEnvelope(raw.body);
  const fields = envelope ? readFields(envelope.data) : [];
  const errorCode = envelope ? readErrorCode(envelope.data) : undefined;

  if (status === 401 || envelope?.code === 401) {
    return {
      kind: 'unauthorized',
      code: 401,
      message: envelope?.msg ?? ERROR_MESSAGES.NOT_LOGGED_IN[language],
      redirectToLogin: !context.isOnLoginPage,
    };
  }
  const failure = (code: number, message: string): ResponseOutcome => ({
    kind: 'failure',
    code,
    message,
    serverMessage: envelope?.msg,
    fields,
    ...(errorCode ? { errorCode } : {}),
  });
  if (status === 500) return failure(500, ERROR_MESSAGES.INTERNAL[language]);
  if (status === 404) return failure(404, '404');
  if (status < 200 || status >= 300) return failure(status, envelope?.msg ?? String(status));
  if (!envelope) return failure(status, ERROR_MESSAGES.INTERNAL[language]);
  if (envelope.code === 200) return { kind: 'success', data: envelope.data };
  return failure(envelope.code, envelope.msg ?? String(envelope.code));
}
