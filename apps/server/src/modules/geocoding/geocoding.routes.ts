import { ZGeocodeSearchQuery, ZGeocodeSearchReply } from '@masthub/shared';
import { defineRoute, type TRouteDef } from '../../platform/http/route.ts';
import type { GeocodingService } from './geocoding.service.ts';

/** GET /web/geocode/…: address search for the home map (sites, areas; online places when keyed). */
export function geocodingRoutes(geocoding: GeocodingService): TRouteDef[] {
  return [
    defineRoute({
      method: 'GET',
      url: '/web/geocode/search',
      summary:
        'Search the caller’s sites (code, name), GB/T 2260 provinces and cities, and — with a keyed online provider — places; `providers` tells which answered',
      tags: ['geocoding'],
      auth: 'user',
      scope: 'read',
      query: ZGeocodeSearchQuery,
      response: ZGeocodeSearchReply,
      handle: ({ user, query, language }) => geocoding.search(user, query, language),
    }),
  ];
}
