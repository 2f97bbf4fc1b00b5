import { ZLoginLogPageRequest, ZLoginLogRecord, zPage } from '@masthub/shared';
import { defineRoute, type TRouteDef } from '../../platform/http/route.ts';
import type { LoginLogService } from './login-log.service.ts';

export function loginLogRoutes(loginLog: LoginLogService): TRouteDef[] {
  return [
    defineRoute({
      method: 'POST',
      url: '/security/sys/login_log/page',
      summary: 'Page of login attempts, newest first; filters: account, name, ip, result, time range',
      tags: ['logs'],
      auth: 'system.loginLog',
      scope: 'read',
      body: ZLoginLogPageRequest,
      response: zPage(ZLoginLogRecord),
      handle: ({ body, language }) => loginLog.page(body, language),
    }),
  ];
}
