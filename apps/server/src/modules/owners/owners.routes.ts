import { ZOwnerPageRequest, ZOwnerRecord, ZOwnerSaveRequest, zPage } from '@masthub/shared';
import { SERVER_TEXTS } from '../../i18n/index.ts';
import { defineRoute, type TRouteDef } from '../../platform/http/route.ts';
import { deleteRoutes, saveRoute } from '../../platform/http/route-shapes.ts';
import type { OwnerService } from './owners.service.ts';

export function ownerRoutes(owners: OwnerService): TRouteDef[] {
  return [
    defineRoute({
      method: 'POST',
      url: '/web/owner/page',
      summary: `Page of owner parties (${SERVER_TEXTS['common.ownerParty'].zh}) with their site counts; keywords match name, phone, e-mail`,
      tags: ['owners'],
      auth: 'system.owner',
      scope: 'read',
      body: ZOwnerPageRequest,
      response: zPage(ZOwnerRecord),
      handle: ({ body }) => owners.page(body),
    }),
    saveRoute({
      url: '/web/owner/save_or_update',
      summary: 'Create (no id) or update an owner: name required and unique, phone and e-mail optional',
      tags: ['owners'],
      auth: 'system.owner',
      body: ZOwnerSaveRequest,
      save: (body) => owners.save(body),
    }),
    ...deleteRoutes({
      base: '/web/owner',
      tags: ['owners'],
      auth: 'system.owner',
      summaries: {
        check: 'Whether an owner can be deleted (not linked to any site), with the reasons',
        remove: 'Delete an owner that no site uses',
      },
      check: (id) => owners.checkDelete(id),
      remove: (id) => owners.delete(id),
    }),
  ];
}
