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
