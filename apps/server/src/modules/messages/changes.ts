import type { TChangeFrame } from '@masthub/shared';
import { z } from 'zod';
import type { TAuthUser } from '../../platform/auth/auth-user.ts';

/**
 * A change announced to the screens that show it (issue 41 §2): the topic of the frame the browsers get,
 * with what decides who may hear of it — the site (its viewers), or a token's owner and company (the owner
 * and the administrators who list that company's tokens). Only the frame leaves the server.
 */
export type TChange =
  | { topic: 'receipts'; stationId: number }
  | { topic: 'station-data'; stationId: number }
  | { topic: 'access-tokens'; ownerId: number; companyId: number | null };

/** A change as it crosses processes in a NOTIFY payload. */
export const ZChange: z.ZodType<TChange> = z.discriminatedUnion('topic', [
  z.object({ topic: z.literal('receipts'), stationId: z.number().int() }),
  z.object({ topic: z.literal('station-data'), stationId: z.number().int() }),
  z.object({
    topic: z.literal('access-tokens'),
    ownerId: z.number().int(),
    companyId: z.number().int().nullable(),
  }),
]);

/** The frame a browser gets: the topic and the site, never the audience. */
export function changeFrameOf(change: TChange): TChangeFrame {
  return change.topic === 'access-tokens'
    ? { event: 'changed', topic: change.topic }
    : { event: 'changed', topic: change.topic, stationId: change.stationId };
}

/**
 * Which of the users connected to this process may hear of a change — their ids. Given by the composition
 * root (site access, function permissions), so that the channel itself knows no rule.
 */
export type TChangeAudience = (change: TChange, users: readonly TAuthUser[]) => Promise<ReadonlySet<number>>;
