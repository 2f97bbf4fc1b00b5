import { AppError, type TMessage, type TPage } from '@masthub/shared';
import type { MessageRepository, TMessageRow } from './messages.repository.ts';

export const MESSAGE_CHANNEL = 'masthub_message';
/** Transient events (task progress) fanned out to every process's sockets, never stored. */
export const EVENT_CHANNEL = 'masthub_event';
/** NOTIFY payloads must stay under PostgreSQL's 8000-byte limit. */
const EVENT_PAYLOAD_MAX = 7900;

export interface TNewMessage {
  type: TMessage['type'];
  message: string;
  description?: string;
  messageType?: string;
}

export function presentMessage(row: TMessageRow): TMessage {
  return {
    id: row.id,
    type: row.type as TMessage['type'],
    message: row.message,
    description: row.description,
    messageType: row.message_type,
    isRead: row.is_read,
    isIgnored: row.is_ignored,
    createTime: row.created_at.toISOString(),
  };
}

/** Messages are stored first, then announced; each process pushes them to its own sockets (DESIGN §6). */
export class MessageService {
  constructor(private readonly messages: MessageRepository) {}

  async send(userId: number, input: TNewMessage): Promise<TMessage> {
    const row = await this.messages.insert({
      userId,
      type: input.type,
      message: input.message,
      description: input.description ?? '',
      messageType: input.messageType ?? 'info',
    });
    await this.messages.notify(MESSAGE_CHANNEL, JSON.stringify({ id: row.id, userId }));
    return presentMessage(row);
  }

  /** Stores and announces many messages at once (a sweep that opens thousands of alarms). */
  async sendMany(inputs: readonly (TNewMessage & { userId: number })[]): Promise<number> {
    return this.messages.insertManyAndNotify(
      MESSAGE_CHANNEL,
      inputs.map((input) => ({
        userId: input.userId,
        type: input.type,
        message: input.message,
        description: input.description ?? '',
        messageType: input.messageType ?? 'info',
      })),
    );
  }

  /**
   * Pushes a transient frame to a user's sockets in every process (PostgreSQL NOTIFY). A frame too
   * large for NOTIFY is dropped (the caller sends a smaller one; clients also poll).
   */
  async publishEvent(userId: number, frame: Record<string, unknown>): Promise<boolean> {
    const payload = JSON.stringify({ userId, frame });
    if (Buffer.byteLength(payload) > EVENT_PAYLOAD_MAX) return false;
    await this.messages.notify(EVENT_CHANNEL, payload);
    return true;
  }

  async findForPush(id: number): Promise<{ userId: number; message: TMessage } | undefined> {
    const row = await this.messages.findById(id);
    return row ? { userId: row.user_id, message: presentMessage(row) } : undefined;
  }

  async page(
    userId: number,
    filter: { pageNo: number; pageSize: number; isRead?: boolean; type?: string },
  ): Promise<TPage<TMessage>> {
    const { records, total } = await this.messages.page(userId, filter);
    return { records: records.map(presentMessage), total, pageNo: filter.pageNo, pageSize: filter.pageSize };
  }

  async countUnread(userId: number): Promise<{ count: number }> {
    return { count: await this.messages.countUnread(userId) };
  }

  async markRead(userId: number, ids: number[]): Promise<{ updated: number }> {
    return { updated: await this.messages.markRead(userId, ids) };
  }

  async ignore(userId: number, id: number): Promise<void> {
    if ((await this.messages.ignore(userId, id)) === 0) throw new AppError('NOT_FOUND');
  }
}
