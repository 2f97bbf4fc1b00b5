import type { FeatureKey, Language, TAccessTokenScope } from '@masthub/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { TAuthUser } from '../auth/auth-user.ts';
import type { THeavyLane } from '../compute/admission.ts';

/**
 * Who may call a route: anyone, any logged-in user, or a logged-in user holding a feature
 * (function permission, SPEC §6). Data permissions are checked by services through station access.
 */
export type TRouteAuth = 'public' | 'user' | FeatureKey;

/**
 * What a personal access token needs to call a route (issue 39), declared by every route and never
 * guessed from its path: `read` looks and changes nothing (its database work runs read-only), `download`
 * hands out files and documents (changing nothing but the download logs), `write` changes data,
 * `session-only` answers only a login session (the token, password and second-factor management; secrets
 * shown), `public` needs no login at all.
 */
export type TRouteScope = TAccessTokenScope | 'session-only' | 'public';

type TSchema = z.ZodType;
/** What a schema (or its absence) hands the handler. */
export type TInfer<S> = S extends z.ZodType ? z.output<S> : undefined;

/** How the caller reads times and texts: the request's language and its zone (`utc-code`), as services take them. */
export interface TReaderContext {
  language: Language;
  /** Minutes east of UTC. */
  utcOffsetMinutes: number;
}

export interface TRouteContext<B, Q, P, A extends TRouteAuth> {
  user: A extends 'public' ? TAuthUser | null : TAuthUser;
  body: B;
  query: Q;
  params: P;
  language: Language;
  /** The caller's time zone from the `utc-code` header (SPEC §9), minutes east of UTC; +480 by default. */
  utcOffsetMinutes: number;
  request: FastifyRequest;
  reply: FastifyReply;
}

/** One API route: HTTP only — parse input, check auth, call one service method (STYLE §2). */
export interface TRouteDef<
  B extends TSchema | undefined = TSchema | undefined,
  Q extends TSchema | undefined = TSchema | undefined,
  P extends TSchema | undefined = TSchema | undefined,
  R extends TSchema | undefined = TSchema | undefined,
  A extends TRouteAuth = TRouteAuth,
> {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  summary: string;
  tags: string[];
  auth: A;
  body?: B;
  query?: Q;
  params?: P;
  /** Schema of `data` in the envelope; omitted for blob replies. */
  response?: R;
  /** Replaces the 90 s default (the recognition preview takes 180 s). */
  timeoutMs?: number;
  /** The handler writes the reply itself (file downloads); its return value is ignored. */
  isRaw?: boolean;
  /**
   * `false`: the answer goes as it is even when its type is text (@fastify/compress compresses every type
   * mime-db calls compressible, text/csv and text/plain included, besides app.ts's list): a download whose
   * bytes must travel at the speed they are written (issue 43 §2).
   */
  compress?: false;
  /**
   * Heavy work (statistics, workbooks, energy yield, exports): admitted through the bounded line of
   * that lane with the per-user limit before the handler runs, its place held until the answer is sent
   * or cut off (platform/compute/admission.ts, issue 26).
   */
  heavy?: THeavyLane;
  /** What a personal access token needs for this route: required, `public` exactly for `auth: 'public'`. */
  scope: TRouteScope;
  /** Served at `url` itself rather than under /api (the Model Context Protocol endpoint, `/mcp`). */
  isAtRoot?: boolean;
  handle: (
    ctx: TRouteContext<TInfer<B>, TInfer<Q>, TInfer<P>, A>,
  ) => Promise<R extends TSchema ? z.input<R> : unknown>;
}

/** Typed identity helper: infers handler argument types from the schemas. */
export function defineRoute<
  B extends TSchema | undefined = undefined,
  Q extends TSchema | undefined = undefined,
  P extends TSchema | undefined = undefined,
  R extends TSchema | undefined = undefined,
  A extends TRouteAuth = TRouteAuth,
>(def: TRouteDef<B, Q, P, R, A>): TRouteDef {
  return def as unknown as TRouteDef;
}

/** The envelope schema around a data schema, for the serializer and the OpenAPI document. */
export function envelopeOf(data: TSchema | undefined) {
  return z.object({ code: z.number().int(), msg: z.string(), data: data ?? z.null() });
}
