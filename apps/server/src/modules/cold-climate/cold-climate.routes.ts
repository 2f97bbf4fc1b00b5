import { ZSiteIceClassList } from '@masthub/shared';
import { defineRoute, type TRouteDef } from '../../platform/http/route.ts';
import type { ColdClimateService } from './cold-climate.service.ts';

/** The home map's ice-class layer (issue 45 §2, fleet view). */
export function coldClimateRoutes(coldClimate: ColdClimateService): TRouteDef[] {
  return [
    defineRoute({
      method: 'GET',
      url: '/web/map/ice_classes',
      summary:
        'The IEA ice class (IEA Wind Task 19, RP 13, 2nd ed. 2017) of every site the caller may see: the latest ' +
        'year stored when its site suitability was computed, with the meteorological and instrumental icing ' +
        'shares and the minimum temperature',
      tags: ['meteorology'],
      auth: 'user',
      scope: 'read',
      response: ZSiteIceClassList,
      handle: ({ user }) => coldClimate.layer(user),
    }),
  ];
}
