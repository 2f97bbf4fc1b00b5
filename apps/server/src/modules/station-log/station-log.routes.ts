import { ZStationLogPageRequest, ZStationLogRecord, zPage } from '@masthub/shared';
import { defineRoute, type TRouteDef } from '../../platform/http/route.ts';
import type { StationLogService } from './station-log.service.ts';

export function stationLogRoutes(stationLog: StationLogService): TRouteDef[] {
  return [
    defineRoute({
      method: 'POST',
      url: '/web/station_log/page',
      summary: 'Page of station changes, newest first; filters: operator, type, station code, time range',
      tags: ['logs'],
      auth: 'system.stationLog',
      scope: 'read',
      body: ZStationLogPageRequest,
      response: zPage(ZStationLogRecord),
      handle: ({ user, body, language }) => stationLog.page(user, body, language),
    }),
  ];
}
