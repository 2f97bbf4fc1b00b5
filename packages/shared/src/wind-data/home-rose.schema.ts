import { z } from 'zod';
import { vmsg } from '../i18n/validation.ts';
import { ZQueryId } from '../text.schema.ts';

/** Home-map rose charts of a site (SPEC §2 home), drawn from its statistics. */

const ZNum = z.number().nullable();

export const HOME_ROSE_TYPES = ['direction', 'energy', 'monthly', 'daily', 'frequency'] as const;
export type THomeRoseType = (typeof HOME_ROSE_TYPES)[number];

/** GET /data-process/statistics/home_rose. */
export const ZHomeRoseQuery = z.object({
  stationId: ZQueryId,
  type: z.enum(HOME_ROSE_TYPES, vmsg('oneOf')),
});
export type THomeRoseQuery = z.infer<typeof ZHomeRoseQuery>;

/** One home chart: categories (sectors, months, hours or speed bins) and one value each. */
export const ZHomeRose = z.object({
  stationId: z.number().int(),
  type: z.enum(HOME_ROSE_TYPES),
  /** The speed channel used (highest speed average of the original version). */
  channelName: z.string().nullable(),
  heightM: z.number().nullable(),
  /** The 12 local calendar months ending with the last record's month, ISO UTC [start, end); null without data. */
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  /** %, m/s. */
  unit: z.string(),
  categories: z.array(z.string()),
  values: z.array(ZNum),
});
export type THomeRose = z.infer<typeof ZHomeRose>;
