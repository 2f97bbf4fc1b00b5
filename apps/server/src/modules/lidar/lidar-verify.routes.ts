import {
  ZLidarCandidates,
  ZLidarCandidatesQuery,
  ZLidarSites,
  ZLidarVerifyRequest,
  ZLidarVerifyResult,
} from '@masthub/shared';
import { defineRoute, type TRouteDef } from '../../platform/http/route.ts';
import { workbookRoute } from '../../platform/http/route-shapes.ts';
import type { LidarVerifyService } from './lidar-verify.service.ts';

/** Lidar versus mast (issue 31; /StationDetail/LidarVsMast). Permissions as the statistics. */
export function lidarVerifyRoutes(lidar: LidarVerifyService): TRouteDef[] {
  return [
    defineRoute({
      method: 'POST',
      url: '/data-process/lidar/verify',
      summary:
        'Lidar versus mast: per matched height the 10-min pairs both sides flag usable, the speed regressions ' +
        'through the origin and with offset, R², the mean difference, the direction slope, offset and R², and ' +
        'pass/fail against the Carbon Trust OWA roadmap best-practice and minimum KPIs with the reasons',
      tags: ['wind-data', 'lidar'],
      auth: 'user',
      scope: 'read',
      heavy: 'compute',
      body: ZLidarVerifyRequest,
      response: ZLidarVerifyResult,
      timeoutMs: 120_000,
      handle: ({ user, body, language }) => lidar.verify(user, body, { language }),
    }),
    workbookRoute({
      url: '/data-process/lidar/export',
      summary:
        'The lidar-versus-mast check as an .xlsx file (KPI table with ✓/✗, the criteria and their source)',
      tags: ['wind-data', 'lidar'],
      auth: 'user',
      body: ZLidarVerifyRequest,
      timeoutMs: 120_000,
      build: ({ user, body, language, utcOffsetMinutes }) =>
        lidar.exportWorkbook(user, body, { language, utcOffsetMinutes }),
    }),
    defineRoute({
      method: 'GET',
      url: '/data-process/lidar/candidates',
      summary:
        "Both versions' speed and direction averages and the proposed height pairs (matched by channel height)",
      tags: ['wind-data', 'lidar'],
      auth: 'user',
      scope: 'read',
      query: ZLidarCandidatesQuery,
      response: ZLidarCandidates,
      handle: ({ user, query }) => lidar.candidates(user, query.lidarVersionId, query.mastVersionId),
    }),
    defineRoute({
      method: 'GET',
      url: '/data-process/lidar/sites',
      summary:
        'The sites the caller may view with their data versions (the other side of a lidar-versus-mast check)',
      tags: ['wind-data', 'lidar'],
      auth: 'user',
      scope: 'read',
      response: ZLidarSites,
      handle: ({ user }) => lidar.sites(user),
    }),
  ];
}
