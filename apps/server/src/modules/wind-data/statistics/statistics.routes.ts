import { ZHomeRose, ZHomeRoseQuery, ZStatisticsRequest, ZStatisticsResult } from '@masthub/shared';
import { clientGone } from '../../../platform/http/client-gone.ts';
import { defineRoute, type TRouteDef } from '../../../platform/http/route.ts';
import { workbookRoute } from '../../../platform/http/route-shapes.ts';
import type { StatisticsService } from './statistics.service.ts';

/** Statistics analysis of a version (StasticAnalysis) and the home-map charts of a site (issue 7). */
export function statisticsRoutes(statistics: StatisticsService): TRouteDef[] {
  return [
    defineRoute({
      method: 'POST',
      url: '/data-process/statistics/analysis',
      summary:
        'The 11 statistics tabs of a version over a range: SPEC §3 report rows and chart series (WIND-ANALYSIS §8)',
      tags: ['statistics'],
      auth: 'user',
      scope: 'read',
      heavy: 'compute',
      body: ZStatisticsRequest,
      response: ZStatisticsResult,
      handle: async ({ user, body, language, utcOffsetMinutes, reply }) => {
        const { value } = await statistics.analyseCached(
          user,
          body,
          { language, utcOffsetMinutes },
          clientGone(reply),
        );
        // Answered with the JSON the worker thread wrote (checked against ZStatisticsResult there),
        // first time and every repeat alike.
        return value.answer as never;
      },
    }),
    workbookRoute({
      url: '/data-process/statistics/export',
      summary:
        'The statistics analysis as an .xlsx file, one sheet per tab, headers in the caller’s language',
      tags: ['statistics'],
      auth: 'user',
      body: ZStatisticsRequest,
      build: ({ user, body, language, utcOffsetMinutes, reply }) =>
        statistics.exportWorkbook(user, body, { language, utcOffsetMinutes }, clientGone(reply)),
    }),
    defineRoute({
      method: 'GET',
      url: '/data-process/statistics/home_rose',
      summary:
        "A home-map chart of a site (direction, energy, monthly, daily, frequency) over its original version's last 12 months",
      tags: ['statistics'],
      auth: 'user',
      scope: 'read',
      query: ZHomeRoseQuery,
      response: ZHomeRose,
      handle: ({ user, query, language, utcOffsetMinutes }) =>
        statistics.homeRose(user, query, { language, utcOffsetMinutes }),
    }),
  ];
}
