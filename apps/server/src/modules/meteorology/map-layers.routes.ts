import {
  AppError,
  localizeIssues,
  ZIdQuery,
  ZMapLayer,
  ZMapLayerUploadFields,
  ZPointLayerValue,
  ZWindPointQuery,
} from '@masthub/shared';
import { z } from 'zod';
import { receiveSingleFile } from '../../platform/http/multipart.ts';
import { defineRoute, type TRouteDef } from '../../platform/http/route.ts';
import { deleteByIdRoute } from '../../platform/http/route-shapes.ts';
import { MAP_LAYER_MAX_BYTES, type MapLayerService } from './map-layers.service.ts';

/**
 * Raster layers of the home map and the point resource query (issue 8). Managing layers is a system
 * rule setting ('system.rule'); every user sees the enabled layers, their images and point values.
 */
export function mapLayerRoutes(layers: MapLayerService): TRouteDef[] {
  return [
    defineRoute({
      method: 'GET',
      url: '/web/map_layer/list',
      summary: 'Enabled raster layers of the home map with kind, unit, bounds and legend steps',
      tags: ['meteorology'],
      auth: 'user',
      scope: 'read',
      response: z.array(ZMapLayer),
      handle: () => layers.list(),
    }),
    defineRoute({
      method: 'POST',
      url: '/web/map_layer/upload',
      summary:
        'Upload a raster layer as multipart: fields `kind`, `name`, `heightM` (wind speed) then `file`, a ' +
        'single-band GeoTIFF on a WGS84 longitude/latitude grid (EPSG:4326), at most 200 MB',
      tags: ['meteorology'],
      auth: 'system.rule',
      scope: 'write',
      response: ZMapLayer,
      timeoutMs: 180_000,
      handle: async ({ user, request, language }) => {
        const fields: Record<string, string> = {};
        return receiveSingleFile(request, {
          maxBytes: MAP_LAYER_MAX_BYTES,
          onField: (name, value) => {
            fields[name] = value;
          },
          onFile: async (file) => {
            const parsed = ZMapLayerUploadFields.safeParse({
              kind: fields['kind'],
              name: fields['name'] ?? file.fileName.replace(/\.tiff?$/i, ''),
              heightM: fields['heightM'] || undefined,
            });
            if (!parsed.success) {
              file.stream.resume();
              throw new AppError('VALIDATION_FAILED', {}, localizeIssues(parsed.error.issues, language));
            }
            return layers.upload(user, parsed.data, file.stream);
          },
        });
      },
    }),
    deleteByIdRoute({
      url: '/web/map_layer/delete',
      summary: 'Delete a raster layer; its stored GeoTIFF and image go when no other layer uses them',
      tags: ['meteorology'],
      auth: 'system.rule',
      remove: (id) => layers.delete(id),
    }),
    defineRoute({
      method: 'GET',
      url: '/web/map_layer/image',
      summary:
        'The layer drawn in its legend colours as a PNG (rows in Web Mercator) for a MapLibre image source ' +
        'over `imageBounds`; rendered once and cached',
      tags: ['meteorology'],
      auth: 'user',
      scope: 'read',
      query: ZIdQuery,
      isRaw: true,
      handle: async ({ query, reply }) => {
        const image = await layers.image(query.id);
        return reply
          .header('content-length', image.sizeBytes)
          .header('cache-control', 'private, max-age=31536000, immutable')
          .header('etag', `"${image.sha256}"`)
          .type('image/png')
          .send(image.stream);
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/meteorological/query/wind/point',
      summary:
        'Point resource query (when HAS_POINT_QUERY): every enabled layer’s value at a longitude/latitude; ' +
        'null outside a raster or on nodata',
      tags: ['meteorology'],
      auth: 'user',
      scope: 'read',
      body: ZWindPointQuery,
      response: z.array(ZPointLayerValue),
      handle: ({ body }) => layers.pointQuery(body),
    }),
  ];
}
