import type { FastifyHelmetOptions } from '@fastify/helmet';

/**
 * The origin (with a `*` for a `{s}`-style subdomain placeholder) of a raster tile URL template, for the
 * CSP; null when there is no template or it is not an absolute http(s) URL.
 */
export function tileOrigin(template: string): string | null {
  const match = /^(https?):\/\/([^/?#]+)/i.exec(template.trim());
  if (!match) return null;
  const host = match[2]!.replace(/\{[^}]*\}/g, '*');
  // A placeholder anywhere but a leading label cannot be expressed as a CSP source: allow nothing.
  if (host.includes('*') && !/^\*\.[^*]+$/.test(host)) return null;
  return `${match[1]!.toLowerCase()}://${host.toLowerCase()}`;
}

/**
 * Security headers for every answer (issue 12): the login token sits in localStorage, so the page must
 * run no script but its own and may not be framed. Inline styles stay allowed because antd writes its
 * CSS-in-JS into <style> tags; MapLibre starts its workers from blob: URLs; the websocket is same-origin.
 * No upgrade-insecure-requests: MastHub is often served over plain http on a company network, where that
 * directive would break every asset request.
 */
export function helmetOptions(options: { mapTileUrl: string }): FastifyHelmetOptions {
  const tiles = tileOrigin(options.mapTileUrl);
  const extra = tiles ? [tiles] : [];
  return {
    global: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...extra],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'ws:', 'wss:', ...extra],
        workerSrc: ["'self'", 'blob:'],
        childSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    // Downloads and map images are fetched by the page itself; nothing needs cross-origin isolation.
    crossOriginEmbedderPolicy: false,
  };
}
