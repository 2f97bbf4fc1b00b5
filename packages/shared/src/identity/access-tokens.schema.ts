import { z } from 'zod';
import { ZPageRequest } from '../api.ts';
import { requiredError, vmsg } from '../i18n/validation.ts';
import { ZId } from '../text.schema.ts';

/**
 * What a personal access token may do, on top of its user's current rights (issue 32): `read` — calls
 * that only look; `download` — exports and file downloads; `write` — every call that changes data.
 */
export const ACCESS_TOKEN_SCOPES = ['read', 'download', 'write'] as const;
export type TAccessTokenScope = (typeof ACCESS_TOKEN_SCOPES)[number];

/** The longest a token may live: one year. */
export const ACCESS_TOKEN_MAX_DAYS = 365;
/** Live (not revoked) tokens one user may hold. */
export const ACCESS_TOKEN_MAX_PER_USER = 50;
/** Sites one token may be limited to. */
export const ACCESS_TOKEN_MAX_STATIONS = 500;
/** Every secret starts with this, so a leaked one is recognisable (secret scanners, logs). */
export const ACCESS_TOKEN_PREFIX = 'mht_';

/** POST /security/sys/user/access_token/create: name, lifetime in days (1–365), scopes, optional sites. */
export const ZAccessTokenCreateRequest = z.object({
  name: z
    .string(requiredError('accessTokenNameRequired'))
    .trim()
    .min(1, vmsg('accessTokenNameRequired'))
    .max(50, vmsg('accessTokenNameTooLong')),
  expiresInDays: z
    .number(requiredError('accessTokenExpiry'))
    .int(vmsg('accessTokenExpiry'))
    .min(1, vmsg('accessTokenExpiry'))
    .max(ACCESS_TOKEN_MAX_DAYS, vmsg('accessTokenExpiry')),
  scopes: z
    .array(z.enum(ACCESS_TOKEN_SCOPES, vmsg('invalidType')), requiredError('accessTokenScopes'))
    .min(1, vmsg('accessTokenScopes'))
    .max(ACCESS_TOKEN_SCOPES.length, vmsg('duplicate'))
    .refine((scopes) => new Set(scopes).size === scopes.length, vmsg('duplicate')),
  /** Sites the token is limited to (each one the user sees); empty or absent: all the user's sites. */
  stationIds: z
    .array(ZId)
    .max(ACCESS_TOKEN_MAX_STATIONS, vmsg('invalidType'))
    .refine((ids) => new Set(ids).size === ids.length, vmsg('duplicate'))
    .default([]),
});
export type TAccessTokenCreateRequest = z.infer<typeof ZAccessTokenCreateRequest>;

export const ACCESS_TOKEN_STATUSES = ['active', 'expired', 'revoked'] as const;

/** A token as its owner sees it (never its secret, except once in the creation reply). */
export const ZAccessTokenRecord = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The first characters of the secret (`mht_AbCd…`), to tell tokens apart. */
  prefix: z.string(),
  scopes: z.array(z.enum(ACCESS_TOKEN_SCOPES)),
  /** The sites it is limited to; empty: all the user's sites. */
  stations: z.array(z.object({ id: z.number().int(), stationCode: z.string(), projectName: z.string() })),
  createdAt: z.string(),
  expiresAt: z.string(),
  lastUsedAt: z.string().nullable(),
  lastUsedIp: z.string().nullable(),
  revokedAt: z.string().nullable(),
  status: z.enum(ACCESS_TOKEN_STATUSES),
});
export type TAccessTokenRecord = z.infer<typeof ZAccessTokenRecord>;

/** The creation reply: the record and the secret, shown this once. */
export const ZAccessTokenCreated = ZAccessTokenRecord.extend({ secret: z.string() });
export type TAccessTokenCreated = z.infer<typeof ZAccessTokenCreated>;

/** POST …/access_token/revoke (own) and /security/sys/access_token/revoke (administrators). */
export const ZAccessTokenRevokeRequest = z.object({ id: ZId });
export type TAccessTokenRevokeRequest = z.infer<typeof ZAccessTokenRevokeRequest>;

/** POST /security/sys/access_token/page: the tokens of the administrator's company, newest first. */
export const ZAccessTokenAdminPageRequest = ZPageRequest.extend({
  userId: z.coerce.number().int().positive().optional(),
  account: z.string().trim().max(50).optional(),
  status: z.enum(ACCESS_TOKEN_STATUSES).optional(),
});
export type TAccessTokenAdminPageRequest = z.infer<typeof ZAccessTokenAdminPageRequest>;

/** A token in the administrators' list, with its user. */
export const ZAccessTokenAdminRecord = ZAccessTokenRecord.extend({
  userId: z.number().int(),
  account: z.string(),
  userName: z.string(),
});
export type TAccessTokenAdminRecord = z.infer<typeof ZAccessTokenAdminRecord>;
