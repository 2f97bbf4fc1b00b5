import type { ERROR_MESSAGES } from './i18n/errors.ts';
import type { TMessageParams } from './i18n/language.ts';

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
  'SECOND_FACTOR_CODE_WRONG',
  'SECOND_FACTOR_CODE_USED',
  'SECOND_FACTOR_CHALLENGE_INVALID',
  'SECOND_FACTOR_ALREADY_ENABLED',
  'SECOND_FACTOR_NOT_SET_UP',
  'SECOND_FACTOR_NOT_ENABLED',
  'SECOND_FACTOR_REQUIRED_BY_ROLE',
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
  // Site register (issue 4, part A).
  'STATION_CODE_TAKEN',
  'STATION_TAG_LIMIT',
  'OWNER_NAME_TAKEN',
  'OWNER_IN_USE',
  'DEVICE_TYPE_NAME_TAKEN',
  'MANUFACTURER_TAKEN',
  'DEVICE_TYPE_IN_USE',
  'MANUFACTURER_IN_USE',
  'TAG_NAME_TAKEN',
  'TAG_IN_USE',
  // Site assets (issue 4, part B).
  'ATTACHMENT_TYPE_NOT_ALLOWED',
  'FILE_REQUIRED',
  'CHANNEL_CONFIG_DATE_TAKEN',
  'IEA43_INVALID',
  'IEA43_NOTHING_TO_IMPORT',
  // Data sources and file-match rules (issue 5, part C).
  'FILE_MATCH_RULE_NAME_TAKEN',
  'FILE_MATCH_RULE_LAST_ONE',
  'DATA_SOURCE_NAME_TAKEN',
  'DATA_SOURCE_IN_USE',
  'DATA_SOURCE_ADDRESS_ERROR',
  'DATA_SOURCE_UNREACHABLE',
  'DATA_SOURCE_AUTH_FAILED',
  'DATA_SOURCE_TLS_FAILED',
  'DATA_SOURCE_FOLDER_NOT_FOUND',
  'DATA_SOURCE_FETCH_FAILED',
  'STATION_NO_DATA_SOURCE',
  // Time-series store, uploads and parse rules (issue 5, part B).
  'PARSE_RULE_NAME_TAKEN',
  'PARSE_RULE_IN_USE',
  'UPLOAD_TYPE_NOT_ALLOWED',
  'UPLOAD_SINGLE_FILE_ONLY',
  'UPLOAD_WND_REQUIRED',
  'UPLOAD_TOO_MANY_FILES',
  'RAW_FILE_ALREADY_PARSED',
  'RAW_FILES_NONE',
  'STATION_IMPORT_INVALID',
  'STATION_IMPORT_FILE',
  'VERSION_TASK_RUNNING',
  'VERSION_VIEW_ONLY',
  'VERSION_NAME_TAKEN',
  'VERSION_NO_DATA',
  'MARK_ALREADY_UNDONE',
  // The data receipt (issue 30).
  'RECEIPT_FINDING_NOT_OPEN',
  'RECEIPT_NO_FIX',
  'RECEIPT_FIX_NOT_APPLIED',
  'QC_RULE_NAME_TAKEN',
  'STATISTICS_NO_DATA',
  // Map layers and the point resource query (issue 8).
  'MAP_LAYER_NOT_GEOTIFF',
  'MAP_LAYER_NOT_SINGLE_BAND',
  'MAP_LAYER_NOT_WGS84',
  'MAP_LAYER_UNSUPPORTED',
  'POINT_QUERY_DISABLED',
  // Trust (issue 12).
  'TARGET_EXCEEDS_OWN',
  'ROLE_EXCEEDS_OWN',
  'CANNOT_CHANGE_OWN_ROLE',
  'DATABASE_UNAVAILABLE',
  'FILE_STORE_UNAVAILABLE',
  // Repairs, contacts and e-mail sending (issue 14).
  'REPAIR_NO_RECIPIENT',
  'MAIL_SENDER_NOT_CONFIGURED',
  'MAIL_REJECTED',
  'CONTACT_EMAIL_TAKEN',
  'REPAIR_ALREADY_CLOSED',
  'MAIL_RATE_LIMITED',
  // Group reports (issue 15).
  'REPORT_GROUP_EMPTY',
  'REPORT_NO_DATA',
  'REPORT_NOT_READY',
  'REPORT_NO_RECIPIENT',
  'REPORT_DELETE_FORBIDDEN',
  'DATA_REPORT_NOT_TXT',
  'DATA_REPORT_NOT_TEXT',
  'TURBINE_MODEL_TAKEN',
  'TURBINE_BUILTIN',
  'TURBINE_FILE_UNREADABLE',
  'TURBINE_FILE_NO_CURVE',
  'ENERGY_NO_CURVE_OVERLAP',
  'MESOSCALE_WND_REQUIRED',
  'MESOSCALE_NOT_PARSED',
  'MESOSCALE_NO_CONCURRENT',
  'MESOSCALE_ZIP_UNREADABLE',
  // Long-term correction workbench (issue 28).
  'MCP_NO_CONCURRENT',
  'REFERENCE_FILE_TYPE',
  'REFERENCE_NO_SPEED',
  'REFERENCE_IN_USE',
  // Download applications (issue 17).
  'APPLY_NOT_PENDING',
  'APPLY_OWN_REVIEW',
  'APPLY_NOT_APPLICANT',
  'APPLY_LINK_INVALID',
  'APPLY_TICKET_INVALID',
  'APPLY_LINK_EXPIRED',
  'APPLY_LINK_REVOKED',
  'APPLY_NOT_READY',
  'APPLY_ACCESS_LOST',
  'APPLY_NO_EMAIL',
  'APPLY_TOO_MANY_PENDING',
  // No request takes the process down (issue 26).
  'BODY_TOO_DEEP',
  'COMPUTE_FAILED',
  'HEAVY_LIMIT_PER_USER',
  'SERVER_BUSY',
  // Archives and uploads bounded (issue 26).
  'ARCHIVE_TOO_MANY_ENTRIES',
  'ARCHIVE_ENTRY_TOO_LARGE',
  'ARCHIVE_TOO_LARGE',
  'ARCHIVE_RATIO_TOO_HIGH',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/**
 * A field-level validation problem: `message` is already localised when it leaves the server. A service
 * may give a validation key (`v.tooLarge`) with the `params` its placeholders need; the server localises
 * it and sends no params.
 */
export interface TFieldError {
  field: string;
  message: string;
  params?: Record<string, unknown>;
}

/** The details an error code's message needs: a value for each `{placeholder}` of its zh and en texts. */
export type TErrorDetails<C extends ErrorCode> = TMessageParams<(typeof ERROR_MESSAGES)[C]> &
  Record<string, unknown>;

/**
 * What follows the code in `new AppError(code, …)`: the details, required when the code's message has
 * placeholders, then the field errors. A code only known at run time (a union) takes any details.
 */
export type TErrorArgs<C extends ErrorCode> = C extends ErrorCode
  ? [keyof TMessageParams<(typeof ERROR_MESSAGES)[C]>] extends [never]
    ? [details?: Record<string, unknown>, fields?: TFieldError[]]
    : [details: TErrorDetails<C>, fields?: TFieldError[]]
  : never;

// Named AppError (error.constructor.name in logs); exported below with a checked constructor.
const AppErrorClass = class AppError extends Error {
  readonly details: Record<string, unknown>;
  readonly fields: TFieldError[];

  constructor(
    readonly code: ErrorCode,
    details: Record<string, unknown> = {},
    fields: TFieldError[] = [],
  ) {
    super(code);
    this.name = 'AppError';
    this.details = details;
    this.fields = fields;
  }
};

/** `new AppError(code, details, fields)`, with the details checked against the code's message. */
interface TAppErrorConstructor {
  new <C extends ErrorCode>(code: C, ...args: TErrorArgs<C>): InstanceType<typeof AppErrorClass>;
  readonly prototype: InstanceType<typeof AppErrorClass>;
}

/**
 * Thrown by services; turned into the `{ code, msg, data }` envelope in one place on the server. The
 * compiler checks that the details fill every placeholder of the code's message in both languages, so
 * no user reads "Must not be greater than {maximum}" (issue 26). A class with a checked constructor:
 * `instanceof AppError` narrows to an error whose `code` is any ErrorCode.
 */
export const AppError = AppErrorClass as TAppErrorConstructor;
export type AppError = InstanceType<typeof AppErrorClass>;

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
  SECOND_FACTOR_CODE_WRONG: 400,
  SECOND_FACTOR_CODE_USED: 400,
  SECOND_FACTOR_CHALLENGE_INVALID: 400,
  SECOND_FACTOR_ALREADY_ENABLED: 409,
  SECOND_FACTOR_NOT_SET_UP: 409,
  SECOND_FACTOR_NOT_ENABLED: 409,
  SECOND_FACTOR_REQUIRED_BY_ROLE: 409,
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
  STATION_CODE_TAKEN: 409,
  STATION_TAG_LIMIT: 400,
  OWNER_NAME_TAKEN: 409,
  OWNER_IN_USE: 409,
  DEVICE_TYPE_NAME_TAKEN: 409,
  MANUFACTURER_TAKEN: 409,
  DEVICE_TYPE_IN_USE: 409,
  MANUFACTURER_IN_USE: 409,
  TAG_NAME_TAKEN: 409,
  TAG_IN_USE: 409,
  ATTACHMENT_TYPE_NOT_ALLOWED: 415,
  FILE_REQUIRED: 400,
  CHANNEL_CONFIG_DATE_TAKEN: 409,
  IEA43_INVALID: 422,
  IEA43_NOTHING_TO_IMPORT: 422,
  FILE_MATCH_RULE_NAME_TAKEN: 409,
  FILE_MATCH_RULE_LAST_ONE: 409,
  DATA_SOURCE_NAME_TAKEN: 409,
  DATA_SOURCE_IN_USE: 409,
  DATA_SOURCE_ADDRESS_ERROR: 422,
  DATA_SOURCE_UNREACHABLE: 422,
  DATA_SOURCE_AUTH_FAILED: 422,
  DATA_SOURCE_TLS_FAILED: 422,
  DATA_SOURCE_FOLDER_NOT_FOUND: 422,
  DATA_SOURCE_FETCH_FAILED: 422,
  STATION_NO_DATA_SOURCE: 422,
  REPAIR_NO_RECIPIENT: 422,
  MAIL_SENDER_NOT_CONFIGURED: 422,
  MAIL_REJECTED: 422,
  CONTACT_EMAIL_TAKEN: 409,
  REPAIR_ALREADY_CLOSED: 409,
  MAIL_RATE_LIMITED: 429,
  REPORT_GROUP_EMPTY: 422,
  REPORT_NO_DATA: 422,
  REPORT_NOT_READY: 409,
  REPORT_NO_RECIPIENT: 422,
  REPORT_DELETE_FORBIDDEN: 403,
  DATA_REPORT_NOT_TXT: 415,
  DATA_REPORT_NOT_TEXT: 415,
  TURBINE_MODEL_TAKEN: 409,
  TURBINE_BUILTIN: 409,
  TURBINE_FILE_UNREADABLE: 422,
  TURBINE_FILE_NO_CURVE: 422,
  ENERGY_NO_CURVE_OVERLAP: 422,
  MESOSCALE_WND_REQUIRED: 422,
  MESOSCALE_NOT_PARSED: 409,
  MESOSCALE_NO_CONCURRENT: 422,
  MESOSCALE_ZIP_UNREADABLE: 422,
  MCP_NO_CONCURRENT: 422,
  REFERENCE_FILE_TYPE: 415,
  REFERENCE_NO_SPEED: 422,
  REFERENCE_IN_USE: 409,
  APPLY_NOT_PENDING: 409,
  APPLY_OWN_REVIEW: 403,
  APPLY_NOT_APPLICANT: 403,
  APPLY_LINK_INVALID: 403,
  APPLY_TICKET_INVALID: 403,
  APPLY_LINK_EXPIRED: 410,
  APPLY_LINK_REVOKED: 410,
  APPLY_NOT_READY: 409,
  APPLY_ACCESS_LOST: 403,
  APPLY_NO_EMAIL: 422,
  APPLY_TOO_MANY_PENDING: 429,
  PARSE_RULE_NAME_TAKEN: 409,
  PARSE_RULE_IN_USE: 409,
  UPLOAD_TYPE_NOT_ALLOWED: 415,
  UPLOAD_SINGLE_FILE_ONLY: 400,
  UPLOAD_WND_REQUIRED: 422,
  UPLOAD_TOO_MANY_FILES: 400,
  RAW_FILE_ALREADY_PARSED: 409,
  RAW_FILES_NONE: 404,
  STATION_IMPORT_INVALID: 422,
  STATION_IMPORT_FILE: 422,
  VERSION_TASK_RUNNING: 409,
  VERSION_VIEW_ONLY: 409,
  VERSION_NAME_TAKEN: 409,
  VERSION_NO_DATA: 422,
  MARK_ALREADY_UNDONE: 409,
  RECEIPT_FINDING_NOT_OPEN: 409,
  RECEIPT_NO_FIX: 409,
  RECEIPT_FIX_NOT_APPLIED: 409,
  QC_RULE_NAME_TAKEN: 409,
  STATISTICS_NO_DATA: 422,
  MAP_LAYER_NOT_GEOTIFF: 422,
  MAP_LAYER_NOT_SINGLE_BAND: 422,
  MAP_LAYER_NOT_WGS84: 422,
  MAP_LAYER_UNSUPPORTED: 422,
  POINT_QUERY_DISABLED: 403,
  TARGET_EXCEEDS_OWN: 403,
  ROLE_EXCEEDS_OWN: 403,
  CANNOT_CHANGE_OWN_ROLE: 403,
  DATABASE_UNAVAILABLE: 503,
  FILE_STORE_UNAVAILABLE: 503,
  BODY_TOO_DEEP: 400,
  COMPUTE_FAILED: 500,
  HEAVY_LIMIT_PER_USER: 429,
  SERVER_BUSY: 503,
  ARCHIVE_TOO_MANY_ENTRIES: 422,
  ARCHIVE_ENTRY_TOO_LARGE: 422,
  ARCHIVE_TOO_LARGE: 422,
  ARCHIVE_RATIO_TOO_HIGH: 422,
};
