import {
  ZDeviceTypeNode,
  ZDeviceTypeOption,
  ZManufacturerListRequest,
  ZManufacturerRefQuery,
  ZManufacturerRelation,
  ZManufacturerSaveRequest,
} from '@masthub/shared';
import { z } from 'zod';
import { defineRoute, type TRouteDef } from '../../platform/http/route.ts';
import { defineAction } from '../../platform/http/route-shapes.ts';
import type { ManufacturerService } from './manufacturers.service.ts';

export function manufacturerRoutes(manufacturers: ManufacturerService): TRouteDef[] {
  return [
    defineRoute({
      method: 'POST',
      url: '/web/manufacturer/saveOrUpdate',
      summary:
        'Create or update a manufacturer (kind manufacturer: deviceType + supplier name) or a device type',
      tags: ['manufacturers'],
      auth: 'system.manufacturer',
      scope: 'write',
      body: ZManufacturerSaveRequest,
      response: z.object({ id: z.number().int(), deviceTypeId: z.number().int() }),
      handle: ({ body }) => manufacturers.save(body),
    }),
    defineRoute({
      method: 'GET',
      url: '/web/manufacturer/checkRelation',
      summary:
        'Whether a device type or manufacturer can be deleted: sites using it, children deleted with it',
      tags: ['manufacturers'],
      auth: 'system.manufacturer',
      scope: 'read',
      query: ZManufacturerRefQuery,
      response: ZManufacturerRelation,
      handle: ({ query, language }) => manufacturers.checkRelation(query, language),
    }),
    defineAction({
      method: 'GET',
      url: '/web/manufacturer/del',
      summary: 'Delete a manufacturer, or a device type with its manufacturers (after the client confirmed)',
      tags: ['manufacturers'],
      auth: 'system.manufacturer',
      scope: 'write',
      query: ZManufacturerRefQuery,
      run: ({ query }) => manufacturers.delete(query),
    }),
    defineRoute({
      method: 'POST',
      url: '/web/manufacturer/getList',
      summary: 'Device types with their manufacturers (model, contact, phone, e-mail, site count)',
      tags: ['manufacturers'],
      auth: 'user',
      scope: 'read',
      body: ZManufacturerListRequest,
      response: z.array(ZDeviceTypeNode),
      handle: ({ user, body }) => manufacturers.list(user, body),
    }),
    defineRoute({
      method: 'GET',
      url: '/web/manufacturer/getAllType',
      summary: 'Every device type with its manufacturer count',
      tags: ['manufacturers'],
      auth: 'user',
      scope: 'read',
      response: z.array(ZDeviceTypeOption),
      handle: () => manufacturers.allTypes(),
    }),
  ];
}
