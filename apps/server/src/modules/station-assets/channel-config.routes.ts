import {
  AppError,
  localizeIssues,
  ZChannelConfigDetail,
  ZChannelConfigListQuery,
  ZChannelConfigListReply,
  ZChannelConfigSaveReply,
  ZChannelConfigSaveRequest,
  ZChannelElementOption,
  ZIdQuery,
  ZIea43Document,
  ZIea43ImportQuery,
  ZIea43ImportReply,
  ZRemoteSensingProfile,
  ZStationIdQuery,
} from '@masthub/shared';
import { z } from 'zod';
import { contentDisposition } from '../../platform/http/content-disposition.ts';
import { readAll, receiveSingleFile } from '../../platform/http/multipart.ts';
import { defineRoute, type TRouteDef } from '../../platform/http/route.ts';
import { deleteByIdRoute } from '../../platform/http/route-shapes.ts';
import type { ChannelConfigService } from './channel-config.service.ts';
import type { Iea43Service } from './iea43.service.ts';

/** A data-model file is small (the real examples are 45–116 KB); 20 MB leaves room for big lidars. */
const IEA43_MAX_BYTES = 20 * 1024 * 1024;

export function channelConfigRoutes(configs: ChannelConfigService, iea43: Iea43Service): TRouteDef[] {
  return [
    defineRoute({
      method: 'GET',
      url: '/web/station/channel_config/elements',
      summary: 'The channel elements (ws, wd, T, RH, p, …) with localised names, IEA43 types and units',
      tags: ['station'],
      auth: 'user',
      scope: 'read',
      response: z.array(ZChannelElementOption),
      handle: async ({ language }) => configs.elements(language),
    }),
    defineRoute({
      method: 'GET',
      url: '/web/station/remote_sensing',
      summary:
        'A site’s measurement type (mast, lidar, sodar, floating lidar), device and channels per height',
      tags: ['station'],
      auth: 'user',
      scope: 'read',
      query: ZStationIdQuery,
      response: ZRemoteSensingProfile,
      handle: ({ user, query, language }) => configs.remoteSensing(user, query.stationId, language),
    }),
    defineRoute({
      method: 'GET',
      url: '/web/station/channel_config/list',
      summary: 'A site’s channel configurations (newest first) and the one in force at `at` (default now)',
      tags: ['station'],
      auth: 'user',
      scope: 'read',
      query: ZChannelConfigListQuery,
      response: ZChannelConfigListReply,
      handle: ({ user, query, language }) => configs.list(user, query, language),
    }),
    defineRoute({
      method: 'GET',
      url: '/web/station/channel_config/detail',
      summary: 'One channel configuration with its channels',
      tags: ['station'],
      auth: 'user',
      scope: 'read',
      query: ZIdQuery,
      response: ZChannelConfigDetail,
      handle: ({ user, query, language }) => configs.detail(user, query.id, language),
    }),
    defineRoute({
      method: 'POST',
      url: '/web/station/channel_config/save_or_update',
      summary: 'Add a configuration (without id; earlier ones stay in force until its date) or replace one',
      tags: ['station'],
      auth: 'station.edit',
      scope: 'write',
      body: ZChannelConfigSaveRequest,
      response: ZChannelConfigSaveReply,
      handle: ({ user, body }) => configs.save(user, body),
    }),
    deleteByIdRoute({
      url: '/web/station/channel_config/delete',
      summary: 'Delete a channel configuration (the previous one then stays in force)',
      tags: ['station'],
      auth: 'station.edit',
      remove: (id, user) => configs.delete(user, id),
    }),
    defineRoute({
      method: 'GET',
      url: '/web/station/channel_config/iea43/export',
      summary: 'Download the site’s configurations as an IEA Wind Task 43 WRA data-model JSON file',
      tags: ['station'],
      auth: 'user',
      scope: 'download',
      query: ZStationIdQuery,
      isRaw: true,
      handle: async ({ user, query, reply }) => {
        const { document, fileName } = await iea43.export(user, query.stationId);
        return reply
          .header('content-disposition', contentDisposition(fileName))
          .type('application/json; charset=utf-8')
          .send(JSON.stringify(document, null, 2));
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/web/station/channel_config/iea43/import',
      summary:
        'Import an IEA Wind Task 43 WRA data model (JSON body, or multipart with one `file`): ' +
        'configurations, loggers, sensors and calibrations, the rest kept; the report lists metadata-only ' +
        'points, calibration mismatches and the site fields (applied with applySiteFields=true); all or nothing',
      tags: ['station'],
      auth: 'station.edit',
      scope: 'write',
      query: ZIea43ImportQuery,
      response: ZIea43ImportReply,
      handle: async ({ user, query, request, language }) => {
        // Access is decided before the body is read.
        await configs.assertCanEdit(user, query.stationId);
        let input: unknown;
        if (request.isMultipart()) {
          const text = await receiveSingleFile(request, {
            maxBytes: IEA43_MAX_BYTES,
            onFile: async (file) => (await readAll(file.stream, IEA43_MAX_BYTES)).toString('utf8'),
          });
          try {
            input = JSON.parse(text.replace(/^\uFEFF/, ''));
          } catch {
            throw new AppError('IEA43_INVALID');
          }
        } else {
          input = request.body;
        }
        const parsed = ZIea43Document.safeParse(input);
        if (!parsed.success) {
          throw new AppError('IEA43_INVALID', {}, localizeIssues(parsed.error.issues, language));
        }
        return iea43.import(
          user,
          query.stationId,
          parsed.data,
          {
            locationIndex: query.locationIndex,
            applySiteFields: query.applySiteFields,
            dryRun: query.dryRun,
          },
          language,
        );
      },
    }),
  ];
}
