import type { TAccessTokenScope } from '@masthub/shared';

/** What decides a route's access-token scope: its method, path, whether it writes a file, an override. */
export interface TScopedRoute {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  isRaw?: boolean | undefined;
  scope?: TAccessTokenScope | undefined;
}

// The SPEC's paths name what a call does in their last words; GET is not always harmless there
// (`…/delete?id=`), and many queries are POSTs (`…/page`). Unknown words count as writes.
const DOWNLOAD = /(^|_|\/)(export\w*|download|downLoad|original_file|file)$/i;
const GET_WRITES = /^(delete|del|reparse|read|ignore|repair_verify)$/i;
const POST_READS = new Set([
  'page',
  'list',
  'search',
  'getList',
  'listByType',
  'options',
  'station_options',
  'quantity_stat',
  'chart',
  'tempPage',
  'point',
  'analysis',
  'compare',
  'candidates',
  'assigned_users',
  'station_user_page',
  'fetched_files',
  'systemInfoGet',
  'mine',
  'detail',
  'preview_recognize',
]);

/** The last word of a route's path, ignoring `:params`. */
function lastWord(url: string): string {
  const words = url.split('/').filter((w) => w !== '' && !w.startsWith(':'));
  return words.at(-1) ?? '';
}

/**
 * The scope a personal access token needs for a route (issue 32): `download` for exports and file
 * downloads, `read` for calls that only look, `write` for everything else. A route may say it itself.
 */
export function routeScope(route: TScopedRoute): TAccessTokenScope {
  if (route.scope) return route.scope;
  const word = lastWord(route.url);
  if (DOWNLOAD.test(word)) return 'download';
  if (route.method === 'GET') return GET_WRITES.test(word) ? 'write' : 'read';
  if (route.method === 'POST' && POST_READS.has(word)) return 'read';
  return 'write';
}
