import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { constants as zlibConstants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyHelmet from '@fastify/helmet';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import fastifyWebsocket from '@fastify/websocket';
import {
  AppError,
  ATTACHMENT_MAX_BYTES,
  type Language,
  localizeIssues,
  parseLanguageHeader,
  parseUtcCode,
  scanRequestValue,
  type TIssueLike,
} from '@masthub/shared';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { TAuthUser } from '../auth/auth-user.ts';
import type { HeavyAdmission, THeavyLane } from '../compute/admission.ts';
import type { TConfig } from '../config.ts';
import { runReadOnly } from '../db/read-only.ts';
import { isDatabaseUnavailable } from '../db/unavailable.ts';
import { FileStoreUnavailableError } from '../files/s3-file-store.ts';
import type { Logger } from '../logger.ts';
import { appErrorEnvelope, errorEnvelope, SUCCESS_MSG, successEnvelope } from './envelope.ts';
import { acceptedEncoding, BROTLI_QUALITY, GZIP_LEVEL, PreSerialized } from './pre-serialized.ts';
import { envelopeOf, type TRouteAuth, type TRouteDef, type TRouteScope } from './route.ts';
import { helmetOptions } from './security-headers.ts';

/** Content types sent compressed: JSON, and the web app's HTML, scripts, styles and SVG. */
const COMPRESSED_TYPES =
  /^(application\/json|text\/html|text\/javascript|application\/javascript|text\/css|image\/svg\+xml)\b/;

/** Answers shorter than this go as they are: compressing them saves less than it costs. */
const COMPRESS_THRESHOLD = 1024;

/** Beijing time when the caller sends no (or an unreadable) `utc-code` header. */
const DEFAULT_UTC_OFFSET_MINUTES = 480;

function headerText(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

declare module 'fastify' {
  interface FastifyRequest {
    language: Language;
    user: TAuthUser | null;
  }
  interface FastifyContextConfig {
    auth?: TRouteAuth;
  }
  interface FastifyInstance {
    /** Every API route with the permission it declares: the permission test iterates it. */
    routeCatalogue: {
      method: string;
      url: string;
      auth: TRouteAuth;
      /** What a personal access token needs for it, as the route declares it (issue 39). */
      scope: TRouteScope;
      /** The route's input schemas: the whole-API scope test checks its fixtures against them. */
      input: Pick<TRouteDef, 'body' | 'query' | 'params'>;
    }[];
  }
}

export interface TAppOptions {
  config: TConfig;
  log: Logger;
  routes: TRouteDef[];
  authenticate: (token: string | undefined) => Promise<TAuthUser>;
  /** Resolves `Authorization: Bearer <personal access token>`; without it such calls are not logged in. */
  authenticateBearer?: (
    secret: string,
    client: { ip: string; userAgent: string | null },
  ) => Promise<TAuthUser>;
  /** Registers routes that are not plain JSON calls (the websocket). */
  registerExtra?: (app: FastifyInstance) => Promise<void> | void;
  /** Admits the calls of routes marked `heavy`; without it they run as they come. */
  admission?: HeavyAdmission;
}

function validationIssues(error: {
  validation: { keyword: string; instancePath: string; message?: string; params: Record<string, unknown> }[];
}): TIssueLike[] {
  return error.validation.map((v) => ({
    ...v.params,
    code: v.keyword,
    path: v.instancePath.split('/').filter(Boolean),
    message: v.message ?? '',
  }));
}

/**
 * Takes the caller's place for a heavy call (or refuses it with the localised 429/503) and gives it back
 * when the answer is done: sent, streamed to its end, or cut off by the client. Waiting in line ends
 * when the client goes away.
 */
function admitHeavy(admission: HeavyAdmission, lane: THeavyLane) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const gone = new AbortController();
    const onClose = () => gone.abort();
    reply.raw.once('close', onClose);
    let release: () => void;
    try {
      release = await admission.admit((request.user as TAuthUser).id, lane, gone.signal);
    } catch (error) {
      // The client left while waiting: there is nobody to answer.
      if (gone.signal.aborted) return reply.hijack();
      throw error;
    } finally {
      reply.raw.off('close', onClose);
    }
    if (reply.raw.destroyed || reply.sent) release();
    else reply.raw.once('close', release);
  };
}

/** Builds the HTTP app: envelope, errors, auth, OpenAPI, websocket, static web app with SPA fallback. */
export async function buildApp(options: TAppOptions): Promise<FastifyInstance> {
  const { config, log, routes } = options;
  const app = createFastify(config, log);
  addRequestHooks(app);
  app.setErrorHandler(sendError);
  await registerPlugins(app, config);
  for (const def of routes) registerRoute(app, def, options);
  await options.registerExtra?.(app);
  await serveWebApp(app, config);
  return app;
}

/** The Fastify instance: request ids, limits, timeouts, zod schemas, and what each request carries. */
function createFastify(config: TConfig, log: Logger) {
  const app = Fastify({
    loggerInstance: log as FastifyBaseLogger,
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{8,64}$/.test(incoming) ? incoming : randomUUID();
    },
    bodyLimit: config.BODY_LIMIT_BYTES,
    handlerTimeout: config.REQUEST_TIMEOUT_MS,
    trustProxy: config.TRUST_PROXY,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('language', 'zh');
  app.decorateRequest('user', null);
  app.decorate('routeCatalogue', []);
  return app;
}

type TApp = ReturnType<typeof createFastify>;

/** The language of every request and its id on the reply; NUL characters and too deep bodies refused. */
function addRequestHooks(app: TApp): void {
  app.addHook('onRequest', async (request, reply) => {
    request.language = parseLanguageHeader(request.headers.language);
    reply.header('x-request-id', request.id);
  });

  // PostgreSQL text cannot hold U+0000: refuse it in any string of any call with a field error, before
  // the route's schema runs, instead of failing later in the database with a 500 (issue 12). The same
  // walk (iterative) refuses a body nested deeper than anything the API takes, before any recursive code
  // (validation, logging) meets it (issue 26).
  app.addHook('preValidation', async (request) => {
    const found =
      scanRequestValue(request.body) ?? scanRequestValue(request.query) ?? scanRequestValue(request.params);
    if (found?.kind === 'tooDeep') throw new AppError('BODY_TOO_DEEP', { maxDepth: found.maxDepth });
    if (found) {
      throw new AppError('VALIDATION_FAILED', {}, [
        { field: found.path.join('.') || 'body', message: 'v.nulCharacter' },
      ]);
    }
  });
}

/** Every error becomes the localised envelope with its status; the unexpected ones are logged. */
function sendError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const language = request.language ?? 'zh';
  let envelope: ReturnType<typeof errorEnvelope>;
  if (error instanceof AppError) {
    envelope = appErrorEnvelope(error, language);
  } else if (hasZodFastifySchemaValidationErrors(error)) {
    const fields = localizeIssues(validationIssues(error), language);
    envelope = errorEnvelope('VALIDATION_FAILED', language, {}, fields);
  } else if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
    envelope = errorEnvelope('BAD_JSON', language);
  } else if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || error.statusCode === 413) {
    envelope = errorEnvelope('PAYLOAD_TOO_LARGE', language);
  } else if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
    envelope = errorEnvelope('UNSUPPORTED_MEDIA_TYPE', language);
  } else if (error.code === 'FST_ERR_HANDLER_TIMEOUT') {
    envelope = errorEnvelope('REQUEST_TIMEOUT', language);
  } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    envelope = errorEnvelope(error.statusCode === 404 ? 'NOT_FOUND' : 'VALIDATION_FAILED', language);
  } else if (error instanceof FileStoreUnavailableError) {
    request.log.warn({ err: error }, 'file store unavailable');
    envelope = errorEnvelope('FILE_STORE_UNAVAILABLE', language);
  } else if (isDatabaseUnavailable(error)) {
    request.log.warn({ err: error }, 'database unavailable');
    envelope = errorEnvelope('DATABASE_UNAVAILABLE', language);
  } else {
    request.log.error({ err: error }, 'unexpected error');
    envelope = errorEnvelope('INTERNAL', language);
  }
  if (envelope.unfilled.length > 0) {
    request.log.warn(
      { errorCode: envelope.body.data.errorCode, unfilled: envelope.unfilled },
      'localised message sent with an unfilled placeholder',
    );
  }
  if (envelope.status < 500) request.log.info({ errorCode: envelope.body.data.errorCode }, 'request refused');
  else if (error instanceof AppError && error.cause !== undefined) {
    // A failure turned into a localised error (a worker thread that died): its cause is still logged.
    request.log.error({ err: error.cause, errorCode: error.code }, 'request failed');
  }
  // 429 and 503 say when to come back (admission of heavy work, issue 26).
  const retryAfter = error instanceof AppError ? error.details['retryAfterSeconds'] : undefined;
  if (typeof retryAfter === 'number') reply.header('retry-after', String(retryAfter));
  return reply.code(envelope.status).send(envelope.body);
}

/** Security headers, the OpenAPI document and its explorer, websockets and streamed multipart uploads. */
async function registerPlugins(app: TApp, config: TConfig): Promise<void> {
  await app.register(fastifyHelmet, helmetOptions({ mapTileUrl: config.MAP_TILE_URL }));
  // JSON answers and the web app's text assets go compressed (br, else gzip) to a client that accepts it
  // (issue 33). The plugin also compresses every type mime-db calls compressible (text/csv, text/plain …):
  // a download that must keep its bytes says `compress: false` (the version export, issue 43 §2).
  await app.register(fastifyCompress, {
    global: true,
    encodings: ['br', 'gzip'],
    threshold: COMPRESS_THRESHOLD,
    customTypes: COMPRESSED_TYPES,
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
    zlibOptions: { level: GZIP_LEVEL },
  });
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'MastHub API',
        description:
          'Every call answers `{ code, msg, data }` (code 200 = success; errors carry the HTTP status). ' +
          'Send `token` (from login), `utc-code` and `language` (ZH | EN) headers. Scripts use a personal ' +
          'access token instead (made in the personal centre): `Authorization: Bearer mht_…`. A token ' +
          'acts as its user, never beyond the user’s current rights, within its scopes (read, download, ' +
          'write — each operation names the one it needs) and its sites; it is limited per minute (429).',
        version: '0.1.0',
      },
      components: {
        securitySchemes: {
          token: {
            type: 'apiKey',
            in: 'header',
            name: 'token',
            description: 'The login token of a browser session',
          },
          bearer: {
            type: 'http',
            scheme: 'bearer',
            description: 'A personal access token (`mht_…`), made in the personal centre',
          },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  // The API explorer's page carries its own CSP with the hashes of its inline parts.
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  await app.register(fastifyWebsocket, { options: { maxPayload: 64 * 1024 } });
  // Uploads stream (request.parts() / receiveSingleFile); nothing is buffered or saved by the plugin.
  // Routes pass their own limits; these defaults are the strictest upload the API takes (one attachment).
  await app.register(fastifyMultipart, {
    limits: { fileSize: ATTACHMENT_MAX_BYTES, files: 1, fields: 10, fieldSize: 1024, parts: 11 },
    throwFileSizeLimit: true,
  });
}

/** The OpenAPI description of a route: who may call it and what a personal access token needs. */
function routeDescription(auth: TRouteAuth, scope: TRouteScope): string {
  if (auth === 'public') return 'No login needed.';
  const who = auth === 'user' ? 'Any logged-in user.' : `Needs the feature \`${auth}\`.`;
  return scope === 'session-only'
    ? `${who} Only with a login session (not with a personal access token).`
    : `${who} With a personal access token: scope \`${scope}\`.`;
}

/** A route's declared scope, checked against its auth: `public` exactly when anyone may call it. */
function declaredScope(def: TRouteDef): TRouteScope {
  const scope = def.scope as TRouteScope | undefined;
  if (scope === undefined) throw new Error(`${def.method} ${def.url} declares no token scope`);
  if ((scope === 'public') !== (def.auth === 'public'))
    throw new Error(`${def.method} ${def.url}: scope 'public' goes with auth 'public' and only with it`);
  return scope;
}

/**
 * The caller of a non-public route: a personal access token (`Authorization: Bearer`), refused where
 * its scopes do not reach or the route needs a login session, else the login token of a session.
 */
async function callerOf(
  request: FastifyRequest,
  options: TAppOptions,
  scope: TRouteScope,
): Promise<TAuthUser> {
  const authorization = request.headers.authorization;
  const bearer = typeof authorization === 'string' ? /^Bearer\s+(\S+)\s*$/i.exec(authorization) : null;
  if (!bearer) {
    const token = request.headers.token;
    return options.authenticate(typeof token === 'string' ? token : undefined);
  }
  if (!options.authenticateBearer) throw new AppError('NOT_LOGGED_IN');
  const user = await options.authenticateBearer(bearer[1] as string, {
    ip: request.ip,
    userAgent: request.headers['user-agent'] ?? null,
  });
  if (scope === 'session-only' || scope === 'public') throw new AppError('ACCESS_TOKEN_SESSION_ONLY');
  if (!user.accessToken?.scopes.includes(scope)) throw new AppError('ACCESS_TOKEN_SCOPE', { scope });
  return user;
}

/**
 * One API route under /api (or at its own path, `isAtRoot`): listed in the route catalogue, documented with its right, authenticated
 * before the body is read, admitted when heavy, and answered in the envelope unless raw.
 */
function registerRoute(app: TApp, def: TRouteDef, options: TAppOptions): void {
  const { config } = options;
  const auth = def.auth;
  const scope = declaredScope(def);
  const url = def.isAtRoot ? def.url : `/api${def.url}`;
  app.routeCatalogue.push({
    method: def.method,
    url,
    auth,
    scope,
    input: { body: def.body, query: def.query, params: def.params },
  });
  app.route({
    method: def.method,
    url,
    handlerTimeout: def.timeoutMs ?? config.REQUEST_TIMEOUT_MS,
    config: { auth },
    ...(def.compress === false ? { compress: false as const } : {}),
    schema: {
      summary: def.summary,
      tags: def.tags,
      ...(def.body ? { body: def.body } : {}),
      ...(def.query ? { querystring: def.query } : {}),
      ...(def.params ? { params: def.params } : {}),
      ...(def.isRaw ? {} : { response: { 200: envelopeOf(def.response) } }),
      ...(auth === 'public'
        ? {}
        : { security: scope === 'session-only' ? [{ token: [] }] : [{ token: [] }, { bearer: [] }] }),
      description: routeDescription(auth, scope),
    },
    // Authentication runs before the body is read: a caller without a valid token learns nothing else.
    onRequest: async (request: FastifyRequest) => {
      if (auth === 'public') return;
      const user = await callerOf(request, options, scope);
      if (auth !== 'user' && !user.features.has(auth)) throw new AppError('FORBIDDEN');
      request.user = user;
    },
    // After validation (bad input is a 400, never a place in line), before the handler.
    ...(def.heavy && options.admission ? { preHandler: admitHeavy(options.admission, def.heavy) } : {}),
    handler: async (request, reply) => {
      const call = () =>
        def.handle({
          user: request.user as TAuthUser,
          body: request.body,
          query: request.query,
          params: request.params,
          language: request.language,
          utcOffsetMinutes:
            parseUtcCode(headerText(request.headers['utc-code'])) ?? DEFAULT_UTC_OFFSET_MINUTES,
          request,
          reply,
        });
      // A read route's database work cannot write (platform/db/read-only.ts): a forgotten write fails loudly.
      const result = scope === 'read' ? await runReadOnly(call) : await call();
      if (def.isRaw) return reply;
      if (result instanceof PreSerialized) {
        // A cached answer is compressed once per language and encoding, not on every repeat.
        const msg = SUCCESS_MSG[request.language];
        const accepted = acceptedEncoding(request.headers['accept-encoding']);
        const encoding = accepted && result.envelope(msg).length >= COMPRESS_THRESHOLD ? accepted : undefined;
        reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
        if (encoding) reply.header('content-encoding', encoding);
        return reply.send(result.envelope(msg, encoding));
      }
      return successEnvelope(result ?? null, request.language);
    },
  });
}

/** The built web app with long-lived assets; unknown API calls get the envelope, other GETs the SPA. */
async function serveWebApp(app: TApp, config: TConfig): Promise<void> {
  const indexHtml = path.join(config.webDistDirAbs, 'index.html');
  const hasWeb = existsSync(indexHtml);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: config.webDistDirAbs,
      wildcard: false,
      index: false,
      maxAge: '1h',
      // The build writes `.br` and `.gz` beside each script, style and data file (apps/web/vite.config.ts):
      // sent as they are, smaller than on-the-fly compression and at no cost per request; a file without
      // them is compressed on the fly as before.
      preCompressed: true,
      setHeaders: (res, filePath) => {
        // Hashed assets never change; index.html must always be fresh.
        if (filePath.includes(`${path.sep}assets${path.sep}`))
          res.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  }
  const indexContent = hasWeb ? readFileSync(indexHtml) : null;

  app.setNotFoundHandler((request, reply) => {
    const language = request.language ?? 'zh';
    if (request.url.startsWith('/api/') || request.url === '/api' || request.method !== 'GET') {
      const envelope = errorEnvelope('ROUTE_NOT_FOUND', language, {
        method: request.method,
        url: request.url.split('?')[0] ?? request.url,
      });
      return reply.code(envelope.status).send(envelope.body);
    }
    if (!indexContent) {
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send('The web app is not built. Run `npm run build` (npm start does this for you).');
    }
    // Client-side routes (/index, /StationDetail/…) all load the single-page app.
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexContent);
  });
}
