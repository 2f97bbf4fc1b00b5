import { ZAlarmHandleRequest, ZAlarmPageRequest, ZAlarmRecord, zPage } from '@masthub/shared';
import { z } from 'zod';
import { defineRoute, type TRouteDef } from '../../platform/http/route.ts';
import type { AlarmService } from './alarms.service.ts';

/** Alarm records of sites (SPEC §2 /StationDetail/Alarm, §3, §6 alarm.view / alarm.handle). */
export function alarmRoutes(alarms: AlarmService): TRouteDef[] {
  return [
    defineRoute({
      method: 'POST',
      url: '/web/alarm/page',
      summary:
        'Alarms of a site (or of every site the caller may see), newest first, in the caller’s language',
      tags: ['alarm'],
      auth: 'alarm.view',
      scope: 'read',
      body: ZAlarmPageRequest,
      response: zPage(ZAlarmRecord),
      handle: ({ user, body, language }) => alarms.page(user, body, language),
    }),
    defineRoute({
      method: 'POST',
      url: '/web/alarm/handle',
      summary:
        'Handle one or several alarms (ignore, suspicious-focus, normal, request repair) with a reason; written to the station log',
      tags: ['alarm'],
      auth: 'alarm.handle',
      scope: 'write',
      body: ZAlarmHandleRequest,
      response: z.object({ count: z.number().int() }),
      handle: ({ user, body }) => alarms.handle(user, body),
    }),
  ];
}
