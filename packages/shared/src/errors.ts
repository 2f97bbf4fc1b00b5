/**
 * The closed list of error codes the API can answer with. The server maps each to an HTTP status
 * (apps/server/src/platform/http/error-status.ts) and a localised message (./i18n/errors.ts).
 */
export const ERROR_CODES = [
  'VALIDATION_FAILED',
  'BAD_JSON',
  'UNSUPPORTED_MEDIA_TYPE',
  'NOT_LOGGED_IN',
  'TOKEN_EXPIRED',
  'LOGIN_FAILED',
  'LOGIN_RATE_LIMITED',
  'ACCOUNT_DISABLED',
  'OLD_PASSWORD_WRONG',
  'PASSWORD_SAME_AS_OLD',
  'FORBIDDEN',
  'NOT_FOUND',
  'ROUTE_NOT_FOUND',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'FILE_UNREADABLE',
  'REQUEST_TIMEOUT',
  'INTERNAL',
  'ACCOUNT_TAKEN',
  'COMPANY_NAME_TAKEN',
  'GROUP_NAME_TAKEN',
  'ROLE_NAME_TAKEN',
  'GROUP_NOT_IN_COMPANY',
  'COMPANY_HAS_USERS',
  'COMPANY_HAS_GROUPS',
  'GROUP_HAS_USERS',
  'ROLE_HAS_USERS',
  'USER_OWNS_STATIONS',
  'CANNOT_DELETE_SELF',
  'BUILTIN_ADMIN_PROTECTED',
  'ADMIN_ROLE_PROTECTED',
  'GRANT_EXCEEDS_OWN',
  'ACCESS_BY_ROLE_FIXED',
  'ACCESS_ASSIGNED_NOT_TRANSFERABLE',
  'ACCESS_OWNER_NOT_REMOVABLE',
  'STATION_NOT_OWNED',
  'STATION_NOT_ASSIGNED',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/** A field-level validation problem: `message` is already localised when it leaves the server. */
export interface TFieldError {
  field: string;
  message: string;
}

/** Thrown by services; turned into the `{ code, msg, data }` envelope in one place on the server. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly details: Record<string, unknown> = {},
    readonly fields: TFieldError[] = [],
  ) {
    super(code);
    this.name = 'AppError';
  }
}

/** HTTP status for each error code; the envelope's `code` carries the same number. */
export const ERROR_STATUS: Record<ErrorCode, number> = {
  VALIDATION_FAILED: 400,
  BAD_JSON: 400,
  UNSUPPORTED_MEDIA_TYPE: 415,
  NOT_LOGGED_IN: 401,
  TOKEN_EXPIRED: 401,
  LOGIN_FAILED: 400,
  LOGIN_RATE_LIMITED: 429,
  ACCOUNT_DISABLED: 403,
  OLD_PASSWORD_WRONG: 400,
  PASSWORD_SAME_AS_OLD: 400,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  ROUTE_NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  FILE_UNREADABLE: 422,
  REQUEST_TIMEOUT: 504,
  INTERNAL: 500,
  ACCOUNT_TAKEN: 409,
  COMPANY_NAME_TAKEN: 409,
  GROUP_NAME_TAKEN: 409,
  ROLE_NAME_TAKEN: 409,
  GROUP_NOT_IN_COMPANY: 400,
  COMPANY_HAS_USERS: 409,
  COMPANY_HAS_GROUPS: 409,
  GROUP_HAS_USERS: 409,
  ROLE_HAS_USERS: 409,
  USER_OWNS_STATIONS: 409,
  CANNOT_DELETE_SELF: 409,
  BUILTIN_ADMIN_PROTECTED: 409,
  ADMIN_ROLE_PROTECTED: 409,
  GRANT_EXCEEDS_OWN: 403,
  ACCESS_BY_ROLE_FIXED: 409,
  ACCESS_ASSIGNED_NOT_TRANSFERABLE: 409,
  ACCESS_OWNER_NOT_REMOVABLE: 409,
  STATION_NOT_OWNED: 409,
  STATION_NOT_ASSIGNED: 409,
};
