import {
  ZSuitabilityDefaults,
  ZSuitabilityDefaultsQuery,
  ZSuitabilityRequest,
  ZSuitabilityResult,
} from '@masthub/shared';
import { defineRoute, type TRouteDef } from '../../platform/http/route.ts';
import { computeRoute, workbookRoute } from '../../platform/http/route-shapes.ts';
import type { SuitabilityService } from './suitability.service.ts';

/** Site suitability (issue 29, WIND-ANALYSIS §14; /StationDetail/SiteSuitability). */
export function suitabilityRoutes(suitability: SuitabilityService): TRouteDef[] {
  return [
    computeRoute({
      url: '/data-process/suitability/check',
      summary:
        'The IEC 61400-1 class check of a version at hub height: mean speed, the 50-year extreme by every method ' +
        '(annual maxima, periodic maxima, independent storms, 5·V̄), the 50-year gust, turbulence against the NTM ' +
        'per speed bin, shear and inflow by sector, air density; pass/fail per class I/II/III × A+/A/B/C with the ' +
        "verdicts, on the site's long-term version when it has one (WIND-ANALYSIS §14)",
      tags: ['wind-data', 'suitability'],
      auth: 'user',
      scope: 'read',
      body: ZSuitabilityRequest,
      response: ZSuitabilityResult,
      timeoutMs: 120_000,
      compute: (user, body, reader) => suitability.check(user, body, reader),
    }),
    workbookRoute({
      url: '/data-process/suitability/export',
      summary:
        'The site suitability as an .xlsx file: class table with ✓/✗, verdicts, turbulence bins, extreme-wind ' +
        'estimates, shear and inflow by sector, in the caller’s language',
      tags: ['wind-data', 'suitability'],
      auth: 'user',
      body: ZSuitabilityRequest,
      timeoutMs: 120_000,
      build: ({ user, body, language, utcOffsetMinutes }) =>
        suitability.exportWorkbook(user, body, { language, utcOffsetMinutes }),
    }),
    defineRoute({
      method: 'GET',
      url: '/data-process/suitability/defaults',
      summary:
        "What the site suitability screen preselects for a site: its newest long-term corrected version (with its basis), the measured version it came from, the site's altitude",
      tags: ['wind-data', 'suitability'],
      auth: 'user',
      scope: 'read',
      query: ZSuitabilityDefaultsQuery,
      response: ZSuitabilityDefaults,
      handle: ({ user, query, language }) => suitability.defaults(user, query.stationId, language),
    }),
  ];
}
