import { z } from 'zod';

/** [minLongitude, minLatitude, maxLongitude, maxLatitude] in WGS84 degrees. */
export const ZBBox = z.tuple([z.number(), z.number(), z.number(), z.number()]);
export type TBBox = z.infer<typeof ZBBox>;

/** GET /web/common/regions: GB/T 2260 divisions with approximate bounds; cities nest under provinces. */
export interface TRegion {
  code: string;
  name: string;
  nameEn: string;
  level: 'province' | 'city';
  bbox: TBBox;
  children: TRegion[];
}
export const ZRegion: z.ZodType<TRegion> = z.lazy(() =>
  z.object({
    code: z.string(),
    name: z.string(),
    nameEn: z.string(),
    level: z.enum(['province', 'city']),
    bbox: ZBBox,
    children: z.array(ZRegion),
  }),
);

export const BOUNDS_TYPES = ['country', 'province', 'city', 'station', 'owner', 'project'] as const;

/** GET /web/common/bounds: `type` country | province | city (GB/T 2260 code) | station (code) | owner (id) | project (name). */
export const ZBoundsQuery = z.object({
  type: z.enum(BOUNDS_TYPES).default('province'),
  code: z.string().trim().max(50).default(''),
});
export type TBoundsQuery = z.infer<typeof ZBoundsQuery>;

export const ZBounds = z.object({ type: z.string(), code: z.string(), name: z.string(), bbox: ZBBox });
export type TBounds = z.infer<typeof ZBounds>;

/** A reference option: a value and its name in the request language. */
export const ZOption = z.object({ value: z.union([z.string(), z.number()]), name: z.string() });
export type TOption = z.infer<typeof ZOption>;

/** GET /web/common/protocols: data-fetch protocols with their default ports. */
export const ZProtocolOption = z.object({
  value: z.string(),
  name: z.string(),
  fetchType: z.enum(['email', 'ftp']),
  defaultPort: z.number().int(),
  isSsl: z.boolean(),
});
export type TProtocolOption = z.infer<typeof ZProtocolOption>;

/** GET /web/common/themes. */
export const ZThemeOption = z.object({ value: z.string(), name: z.string(), mainColor: z.string() });
export type TThemeOption = z.infer<typeof ZThemeOption>;

/** GET /web/common/station_types?type=…: `type` narrows to one value (optional). */
export const ZStationTypesQuery = z.object({ type: z.string().trim().max(50).optional() });

/** GET /web/common/project_names?keywords=…: distinct project names of the caller's sites. */
export const ZKeywordsQuery = z.object({ keywords: z.string().trim().max(50).optional() });
export type TKeywordsQuery = z.infer<typeof ZKeywordsQuery>;
