import {
  ZPersonalConfigBatchRequest,
  ZPersonalConfigListRequest,
  ZPersonalConfigRecord,
} from '@masthub/shared';
import { z } from 'zod';
import { defineRoute, type TRouteDef } from '../../platform/http/route.ts';
import { defineAction } from '../../platform/http/route-shapes.ts';
import type { PersonalConfigService } from './personal-config.service.ts';

export function personalConfigRoutes(configs: PersonalConfigService): TRouteDef[] {
  return [
    defineRoute({
      method: 'POST',
      url: '/web/personalConfig/listByType',
      summary: 'The caller’s stored settings of one type (e.g. stationList: columns, searchFields)',
      tags: ['personal config'],
      auth: 'user',
      scope: 'read',
      body: ZPersonalConfigListRequest,
      response: z.array(ZPersonalConfigRecord),
      handle: ({ user, body }) => configs.listByType(user, body),
    }),
    defineAction({
      method: 'POST',
      url: '/web/personalConfig/saveOrUpdateBatch',
      summary: 'Store settings of the caller (array of {type, key, value}); site-list columns: ≤ 5 fixed',
      tags: ['personal config'],
      auth: 'user',
      scope: 'write',
      body: ZPersonalConfigBatchRequest,
      run: ({ user, body }) => configs.saveBatch(user, body),
    }),
  ];
}
