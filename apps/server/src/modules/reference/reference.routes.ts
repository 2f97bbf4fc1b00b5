import {
  ZBounds,
  ZBoundsQuery,
  ZKeywordsQuery,
  ZOption,
  ZOwnerOption,
  ZProtocolOption,
  ZRegion,
  ZStationTypesQuery,
  ZThemeOption,
} from '@masthub/shared';
import { z } from 'zod';
import { SERVER_TEXTS } from '../../i18n/index.ts';
import { defineRoute, type TRouteDef } from '../../platform/http/route.ts';
import type { OwnerService } from '../owners/index.ts';
import type { ReferenceService } from './reference.service.ts';

/** GET /web/common/…: reference data for any logged-in user (the client ignores non-200 answers). */
export function referenceRoutes(reference: ReferenceService, owners: OwnerService): TRouteDef[] {
  return [
    defineRoute({
      method: 'GET',
      url: '/web/common/regions',
      summary: 'GB/T 2260 provincial-level divisions with codes and approximate bounds',
      tags: ['reference'],
      auth: 'user',
      response: z.array(ZRegion),
      handle: async ({ language }) => reference.regions(language),
    }),
    defineRoute({
      method: 'GET',
      url: '/web/common/bounds',
      summary:
        'Bounds of a country, province/city (GB/T 2260 code), site (code), owner (id) or project (name)',
      tags: ['reference'],
      auth: 'user',
      query: ZBoundsQuery,
      response: ZBounds,
      handle: ({ user, query, language }) => reference.bounds(user, query, language),
    }),
    defineRoute({
      method: 'GET',
      url: '/web/common/protocols',
      summary: 'Data-fetch protocols (FTP/FTPS/SFTP, IMAP/IMAPS, POP3/POP3S) with default ports',
      tags: ['reference'],
      auth: 'user',
      response: z.array(ZProtocolOption),
      handle: async () => reference.protocols(),
    }),
    defineRoute({
      method: 'GET',
      url: '/web/common/station_types',
      summary: 'Site types (met mast, lidar, sodar, floating lidar) with localised names',
      tags: ['reference'],
      auth: 'user',
      query: ZStationTypesQuery,
      response: z.array(ZOption),
      handle: async ({ query, language }) => reference.stationTypes(query.type, language),
    }),
    defineRoute({
      method: 'GET',
      url: '/web/common/themes',
      summary: 'Colour themes',
      tags: ['reference'],
      auth: 'user',
      response: z.array(ZThemeOption),
      handle: async ({ language }) => reference.themes(language),
    }),
    defineRoute({
      method: 'GET',
      url: '/web/common/warranty_status',
      summary: 'Warranty status options (1 in warranty, 0 out)',
      tags: ['reference'],
      auth: 'user',
      response: z.array(ZOption),
      handle: async ({ language }) => reference.warrantyStatus(language),
    }),
    defineRoute({
      method: 'GET',
      url: '/web/common/owners',
      summary: `Owner parties (${SERVER_TEXTS['common.ownerParty'].zh}) for drop-downs`,
      tags: ['reference'],
      auth: 'user',
      response: z.array(ZOwnerOption),
      handle: () => owners.options(),
    }),
    defineRoute({
      method: 'GET',
      url: '/web/common/warnStatus',
      summary: 'Site warning status options',
      tags: ['reference'],
      auth: 'user',
      response: z.array(ZOption),
      handle: async ({ language }) => reference.warnStatus(language),
    }),
    defineRoute({
      method: 'GET',
      url: '/web/common/warn_types',
      summary: 'Site warning type options',
      tags: ['reference'],
      auth: 'user',
      response: z.array(ZOption),
      handle: async ({ language }) => reference.warnTypes(language),
    }),
    defineRoute({
      method: 'GET',
      url: '/web/common/project_names',
      summary: 'Distinct project names of the caller’s sites containing the keywords (at most 50)',
      tags: ['reference'],
      auth: 'user',
      query: ZKeywordsQuery,
      response: z.array(z.string()),
      handle: ({ user, query }) => reference.projectNames(user, query.keywords),
    }),
  ];
}
