import { z } from 'zod';

/** The SPEC §7 envelope: `code` 200 is success; errors carry the HTTP status. */
export interface TEnvelope<T> {
  code: number;
  msg: string;
  data: T;
}

export const ZPageRequest = z.object({
  pageNo: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(1000).default(20),
});
export type TPageRequest = z.infer<typeof ZPageRequest>;

export interface TPage<T> {
  records: T[];
  total: number;
  pageNo: number;
  pageSize: number;
}

/** Builds the page schema for a record schema (responses and OpenAPI). */
export function zPage<T extends z.ZodType>(record: T) {
  return z.object({
    records: z.array(record),
    total: z.number().int(),
    pageNo: z.number().int(),
    pageSize: z.number().int(),
  });
}

/** Server configuration shown to every visitor (SPEC §1). */
export const ZSystemInfo = z.object({
  appName: z.string(),
  version: z.string(),
  mainColor: z.string(),
  hasPointQuery: z.boolean(),
  helpDocument: z.string(),
  /** Raster XYZ tile URL template of the home map's base layer; empty = offline base map only. */
  mapTileUrl: z.string(),
  /** Whether PUBLIC_URL is set: only then do e-mails carry links into the app. */
  hasPublicUrl: z.boolean(),
});
export type TSystemInfo = z.infer<typeof ZSystemInfo>;
