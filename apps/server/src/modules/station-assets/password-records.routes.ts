import { ZPasswordRecord, ZPasswordRecordAddRequest, ZStationIdQuery } from '@masthub/shared';
import { z } from 'zod';
import { defineRoute, type TRouteDef } from '../../platform/http/route.ts';
import { deleteByIdRoute } from '../../platform/http/route-shapes.ts';
import type { PasswordRecordService } from './password-records.service.ts';

/** Password records are for users allowed to edit the site: every call needs 'station.edit'. */
export function passwordRecordRoutes(records: PasswordRecordService): TRouteDef[] {
  return [
    defineRoute({
      method: 'GET',
      url: '/web/station/password_record/list',
      summary: 'Logger/SIM password history of a site, newest first (edit rights on the site)',
      tags: ['station'],
      auth: 'station.edit',
      scope: 'read',
      query: ZStationIdQuery,
      response: z.array(ZPasswordRecord),
      handle: ({ user, query, language }) => records.list(user, query.stationId, language),
    }),
    defineRoute({
      method: 'POST',
      url: '/web/station/password_record/add',
      summary: 'Add a password record to a site (stored encrypted; earlier records are kept)',
      tags: ['station'],
      auth: 'station.edit',
      scope: 'write',
      body: ZPasswordRecordAddRequest,
      response: ZPasswordRecord,
      handle: ({ user, body, language }) => records.add(user, body, language),
    }),
    deleteByIdRoute({
      url: '/web/station/password_record/delete',
      summary: 'Delete a password record of a site',
      tags: ['station'],
      auth: 'station.edit',
      remove: (id, user) => records.delete(user, id),
    }),
  ];
}
