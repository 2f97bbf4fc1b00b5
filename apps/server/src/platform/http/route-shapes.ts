import { ZDeleteCheck, ZIdQuery } from '@masthub/shared';
import { z } from 'zod';
import type { TAuthUser } from '../auth/auth-user.ts';
import { presentDeleteCheck } from './delete-check.ts';
import { sendFile, XLSX_CONTENT_TYPE } from './file-reply.ts';
import {
  defineRoute,
  type TInfer,
  type TReaderContext,
  type TRouteAuth,
  type TRouteContext,
  type TRouteDef,
} from './route.ts';

/**
 * Route shapes the modules repeat with other names: each factory writes one `defineRoute` the same way
 * everywhere, the module names only what differs (URL, summary, tags, right, the service call).
 */

type TSchema = z.ZodType;

/** `data` of a call that creates or updates one record (saves, generates, applies): that record's id. */
export const ZSavedId = z.object({ id: z.number().int() });

/**
 * What a shaped route still says of itself; only logged-in callers act on records. The shape declares the
 * token scope: a delete check reads, a delete and a save write.
 */
interface TRouteHead {
  url: string;
  summary: string;
  tags: string[];
  auth: Exclude<TRouteAuth, 'public'>;
}

/** What a service's delete check returns: the reasons a record cannot be deleted. */
type TDeleteBlockers = Parameters<typeof presentDeleteCheck>[0];

/** A route that does its work and answers no data (`data: null`): `run` replaces `handle`. */
export type TActionDef<
  B extends TSchema | undefined,
  Q extends TSchema | undefined,
  P extends TSchema | undefined,
  A extends TRouteAuth,
> = Omit<TRouteDef<B, Q, P, undefined, A>, 'handle' | 'response' | 'isRaw'> & {
  run: (ctx: TRouteContext<TInfer<B>, TInfer<Q>, TInfer<P>, A>) => Promise<unknown>;
};

/** `defineRoute` for a call that answers no data: runs the service call, then answers `data: null`. */
export function defineAction<
  B extends TSchema | undefined = undefined,
  Q extends TSchema | undefined = undefined,
  P extends TSchema | undefined = undefined,
  A extends TRouteAuth = TRouteAuth,
>(def: TActionDef<B, Q, P, A>): TRouteDef {
  const { run, ...route } = def;
  return defineRoute<B, Q, P, undefined, A>({
    ...route,
    handle: async (ctx) => {
      await run(ctx);
      return null;
    },
  });
}

/** GET `url?id=`: whether a record can be deleted, with the reasons it cannot (the list asks before it offers). */
export function deleteCheckRoute(
  def: TRouteHead & { check: (id: number) => Promise<TDeleteBlockers> },
): TRouteDef {
  const { check, ...head } = def;
  return defineRoute({
    method: 'GET',
    ...head,
    scope: 'read',
    query: ZIdQuery,
    response: ZDeleteCheck,
    handle: async ({ query, language }) => presentDeleteCheck(await check(query.id), language),
  });
}

/** GET `url?id=`: deletes one record (the service decides whether the caller may) and answers no data. */
export function deleteByIdRoute(
  def: TRouteHead & { remove: (id: number, user: TAuthUser) => Promise<unknown> },
): TRouteDef {
  const { remove, ...head } = def;
  return defineAction({
    method: 'GET',
    ...head,
    scope: 'write',
    query: ZIdQuery,
    run: ({ query, user }) => remove(query.id, user),
  });
}

/**
 * The delete of a list screen with its check: GET `base/delete/check` then GET `base/delete`, both
 * under the same right.
 */
export function deleteRoutes(def: {
  base: string;
  tags: string[];
  auth: TRouteHead['auth'];
  summaries: { check: string; remove: string };
  check: (id: number) => Promise<TDeleteBlockers>;
  remove: (id: number, user: TAuthUser) => Promise<unknown>;
}): TRouteDef[] {
  const { base, tags, auth, summaries } = def;
  return [
    deleteCheckRoute({ url: `${base}/delete/check`, summary: summaries.check, tags, auth, check: def.check }),
    deleteByIdRoute({ url: `${base}/delete`, summary: summaries.remove, tags, auth, remove: def.remove }),
  ];
}

/** POST `url` with the record in the body: creates it (no id) or updates it, and answers its id. */
export function saveRoute<B extends TSchema>(
  def: TRouteHead & {
    body: B;
    save: (body: z.output<B>, user: TAuthUser) => Promise<z.input<typeof ZSavedId>>;
  },
): TRouteDef {
  const { save, ...head } = def;
  return defineRoute({
    method: 'POST',
    ...head,
    scope: 'write',
    response: ZSavedId,
    handle: ({ body, user }) => save(body as z.output<B>, user),
  });
}

/**
 * The edit routes of a list screen, under one head: POST `base/<saveAt>` (`saveRoute`), GET `base/delete`
 * (`deleteByIdRoute`) and, where the screen asks before it deletes, GET `base/delete/check`
 * (`deleteCheckRoute`), in that order.
 */
export function editRoutes<B extends TSchema>(def: {
  base: string;
  saveAt: 'save' | 'save_or_update';
  tags: string[];
  auth: TRouteHead['auth'];
  body: B;
  summaries: { save: string; remove: string; check?: string };
  save: (body: z.output<B>, user: TAuthUser) => Promise<z.input<typeof ZSavedId>>;
  remove: (id: number, user: TAuthUser) => Promise<unknown>;
  check?: (id: number) => Promise<TDeleteBlockers>;
}): TRouteDef[] {
  const { base, tags, auth, summaries, check } = def;
  const routes = [
    saveRoute({
      url: `${base}/${def.saveAt}`,
      summary: summaries.save,
      tags,
      auth,
      body: def.body,
      save: def.save,
    }),
    deleteByIdRoute({ url: `${base}/delete`, summary: summaries.remove, tags, auth, remove: def.remove }),
  ];
  if (check && summaries.check !== undefined) {
    routes.push(
      deleteCheckRoute({ url: `${base}/delete/check`, summary: summaries.check, tags, auth, check }),
    );
  }
  return routes;
}

/**
 * POST `url`: a workbook the compute lane builds from the body, downloaded as an .xlsx file (the handler
 * writes the reply itself). `build` names the service call.
 */
export function workbookRoute<B extends TSchema>(
  def: TRouteHead & {
    body: B;
    timeoutMs?: number;
    build: (
      ctx: TRouteContext<TInfer<B>, undefined, undefined, TRouteHead['auth']>,
    ) => Promise<{ fileName: string; content: Uint8Array }>;
  },
): TRouteDef {
  const { build, ...head } = def;
  return defineRoute({
    method: 'POST',
    ...head,
    scope: 'download',
    heavy: 'compute',
    isRaw: true,
    handle: async (ctx) => {
      const { fileName, content } = await build(ctx);
      return sendFile(ctx.reply, {
        fileName,
        contentType: XLSX_CONTENT_TYPE,
        sizeBytes: content.length,
        content,
      });
    },
  });
}

/**
 * A call the compute lane answers (heavy 'compute'): the body in, and the service given the caller, the body
 * and how the caller reads (language and zone).
 */
export function computeRoute<B extends TSchema, R extends TSchema>(
  def: TRouteHead & {
    method?: 'POST' | 'PUT';
    scope: 'read' | 'write';
    body: B;
    response: R;
    timeoutMs?: number;
    compute: (user: TAuthUser, body: z.output<B>, reader: TReaderContext) => Promise<z.input<R>>;
  },
): TRouteDef {
  const { compute, method = 'POST', ...head } = def;
  return defineRoute({
    method,
    ...head,
    heavy: 'compute',
    // The response's input type is `z.input<R>` for every schema R; TypeScript cannot see that through the generic.
    handle: ({ user, body, language, utcOffsetMinutes }) =>
      compute(user, body as z.output<B>, { language, utcOffsetMinutes }) as Promise<never>,
  });
}
