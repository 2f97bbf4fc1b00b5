import { z } from 'zod';

/** Message kinds pushed over the real-time channel and kept in the message list. */
export const MESSAGE_TYPES = ['system', 'alarm', 'repair', 'report', 'task', 'approval'] as const;
export const ZMessageType = z.enum(MESSAGE_TYPES);

/** A stored message, as listed and as pushed (SPEC §3: type, message, description, messageType). */
export const ZMessage = z.object({
  id: z.number().int(),
  type: ZMessageType,
  message: z.string(),
  description: z.string(),
  messageType: z.string(),
  isRead: z.boolean(),
  isIgnored: z.boolean(),
  createTime: z.string(),
});
export type TMessage = z.infer<typeof ZMessage>;

export const ZMessagePageRequest = z.object({
  pageNo: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(20),
  isRead: z.boolean().optional(),
  type: ZMessageType.optional(),
});

/** Heartbeat frame exchanged every 10 s (SPEC §7). */
export interface THeartbeat {
  heartbeat: true;
  userId: number;
  toUserId: number;
  message: 'ping' | 'pong';
}

/**
 * What a "changed" frame can name (issue 41 §2): a site's data receipts, a site's stored data (files,
 * versions, its header), the personal access tokens a user sees.
 */
export const CHANGE_TOPICS = ['receipts', 'station-data', 'access-tokens'] as const;
export type TChangeTopic = (typeof CHANGE_TOPICS)[number];

/**
 * A frame of the real-time channel saying that something the user may see changed on the server, so the
 * screens that show it ask again. It carries no data of its own: what changed is read through the API,
 * under the reader's rights, like any other read.
 */
export const ZChangeFrame = z.discriminatedUnion('topic', [
  z.object({ event: z.literal('changed'), topic: z.literal('receipts'), stationId: z.number().int() }),
  z.object({ event: z.literal('changed'), topic: z.literal('station-data'), stationId: z.number().int() }),
  z.object({ event: z.literal('changed'), topic: z.literal('access-tokens') }),
]);
export type TChangeFrame = z.infer<typeof ZChangeFrame>;
