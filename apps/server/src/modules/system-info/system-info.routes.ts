import { listUtcOptions, ZSystemInfo } from '@masthub/shared';
import { z } from 'zod';
import type { TConfig } from '../../platform/config.ts';
import { defineRoute, type TRouteDef } from '../../platform/http/route.ts';

export const APP_VERSION = '0.1.0';

const ZUtcOption = z.object({ code: z.string(), label: z.string(), offsetMinutes: z.number().int() });

/**
 * The demo data's import on a first start (SEED_DEMO_DATA): `loading` while its background job is queued or
 * running, `ready` after; absent without demo data. Scripts and benchmarks wait for `ready`.
 */
export type TDemoDataState = 'loading' | 'ready';

export function systemInfoRoutes(
  config: TConfig,
  pingDatabase: () => Promise<void>,
  demoDataState: () => Promise<TDemoDataState | undefined> = async () => undefined,
): TRouteDef[] {
  return [
    defineRoute({
      method: 'POST',
      url: '/web/sys_info/systemInfoGet',
      summary: 'Server configuration for the web app: main colour, point query, help document (SPEC §1)',
      tags: ['system'],
      auth: 'public',
      scope: 'public',
      response: ZSystemInfo,
      handle: async () => ({
        appName: 'MastHub',
        version: APP_VERSION,
        mainColor: config.MAIN_COLOR,
        hasPointQuery: config.HAS_POINT_QUERY,
        helpDocument: config.HELP_DOCUMENT_URL,
        mapTileUrl: config.MAP_TILE_URL,
        hasPublicUrl: config.PUBLIC_URL !== undefined,
      }),
    }),
    defineRoute({
      method: 'GET',
      url: '/web/sys_info/utcOptionsList',
      summary: 'Time-zone options UTC−12:00 … UTC+14:00 in 30-minute steps',
      tags: ['system'],
      auth: 'public',
      scope: 'public',
      response: z.array(ZUtcOption),
      handle: async () => listUtcOptions(),
    }),
    defineRoute({
      method: 'GET',
      url: '/health',
      summary:
        'Liveness: answers when the API and its database are up; 503 within about a second when the database does not answer. With demo data, whether its first import is still loading',
      tags: ['system'],
      auth: 'public',
      scope: 'public',
      response: z.object({
        status: z.literal('ok'),
        version: z.string(),
        demoData: z.enum(['loading', 'ready']).optional(),
      }),
      handle: async () => {
        await pingDatabase();
        const demoData = await demoDataState();
        return { status: 'ok' as const, version: APP_VERSION, ...(demoData ? { demoData } : {}) };
      },
    }),
  ];
}
