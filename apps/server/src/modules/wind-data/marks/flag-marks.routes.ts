import { ZFlagMark, ZIdBody, ZMarkCreate, ZMarkPageRequest, zPage } from '@masthub/shared';
import { defineRoute, type TRouteDef } from '../../../platform/http/route.ts';
import type { FlagMarkService } from './flag-marks.service.ts';

/** Manual data marks and their undo (SPEC §4 data marking; issue 7). */
export function flagMarkRoutes(marks: FlagMarkService): TRouteDef[] {
  return [
    defineRoute({
      method: 'POST',
      url: '/web/version/mark/save',
      summary: 'Mark the values of channels over a time range normal, suspicious, invalid or icing',
      tags: ['version'],
      auth: 'data.process',
      scope: 'write',
      body: ZMarkCreate,
      response: ZFlagMark,
      handle: ({ user, body }) => marks.save(user, body),
    }),
    defineRoute({
      method: 'POST',
      url: '/web/version/mark/page',
      summary: "A version's marks and QC runs, newest first, with who, when and whether undone",
      tags: ['version'],
      auth: 'user',
      scope: 'read',
      body: ZMarkPageRequest,
      response: zPage(ZFlagMark),
      handle: ({ user, body }) => marks.page(user, body),
    }),
    defineRoute({
      method: 'POST',
      url: '/web/version/mark/undo',
      summary: 'Undo a mark or a QC run (values marked since by others keep their flags)',
      tags: ['version'],
      auth: 'data.process',
      scope: 'write',
      body: ZIdBody,
      response: ZFlagMark,
      handle: ({ user, body }) => marks.undo(user, body.id),
    }),
  ];
}
