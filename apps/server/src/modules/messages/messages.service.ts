import {
  AppError,
  isText,
  type Language,
  renderText,
  type TMessage,
  type TPage,
  type TText,
} from '@masthub/shared';
import type { Database } from '../../platform/db/database.ts';
import { presentPage } from '../../platform/db/paging.ts';
import type { TChange } from './changes.ts';
import type { MessageRepository, TMessageReader, TMessageRow } from './messages.repository.ts';

export const MESSAGE_CHANNEL = 'masthub_message';
/** Transient events (task progress) fanned out to every process's sockets, never stored. */
export const EVENT_CHANNEL = 'masthub_event';
/** NOTIFY payloads must stay under PostgreSQL's 8000-byte limit. */
const EVENT_PAYLOAD_MAX = 7900;

/**
 * A message to store: its title and description are texts of the shared catalogue (`message.*`), so each
 * reader gets them in their own language, in the list and in the push (issue 26). `messageType` says how
 * it is shown: success, info, warning or error.
 */
export interface TNewMessage {
  type: TMessage['type'];
  message: TText;
  description?: TText | null;
  messageType?: 'success' | 'info' | 'warning' | 'error';
  /**
   * The sites the message is about (issue 39 §5): a call narrowed to a token's sites reads only messages
   * whose sites all lie among them. Empty: about no site, outside every narrowed call.
   */
  stationIds: readonly number[];
}

/** A stored text in the reader's language; rows of older versions keep their prose. */
function readText(stored: unknown, prose: string, language: Language): string {
  return isText(stored) ? renderText(stored, language) : prose;
}

export function presentMessage(row: TMessageRow, language: Language): TMessage {
  return {
    id: row.id,
    type: row.type as TMessage['type'],
    message: readText(row.message_text, row.message, language),
    description: readText(row.description_text, row.description, language),
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
      description: input.description ?? null,
      messageType: input.messageType ?? 'info',
      stationIds: input.stationIds,
    });
    await this.messages.notify(MESSAGE_CHANNEL, JSON.stringify({ id: row.id, userId }));
    // What was stored, in the default language; its reader gets it in theirs from the list and the push.
    return presentMessage(row, 'zh');
  }

  /** Stores and announces many messages at once (a sweep that opens thousands of alarms). */
  async sendMany(inputs: readonly (TNewMessage & { userId: number })[]): Promise<number> {
    return this.messages.insertManyAndNotify(
      MESSAGE_CHANNEL,
      inputs.map((input) => ({
        userId: input.userId,
        type: input.type,
        message: input.message,
        description: input.description ?? null,
        messageType: input.messageType ?? 'info',
        stationIds: input.stationIds,
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

  /**
   * Announces that something changed (issue 41 §2) to every process, whose sockets of users allowed to see
   * it then get a `changed` frame. After a commit it never throws: a lost announcement costs a screen its
   * freshness until it is read again, never the caller's work, which is done. Inside a transaction
   * (`within`) it goes out at the commit, and not at all on a rollback. False when it was not sent.
   */
  async announceChange(change: TChange, within?: Database): Promise<boolean> {
    const payload = JSON.stringify({ change });
    if (within) {
      await this.messages.notify(EVENT_CHANNEL, payload, within);
      return true;
    }
    try {
      await this.messages.notify(EVENT_CHANNEL, payload);
      return true;
    } catch {
      return false;
    }
  }

  /** A stored message for the push, in each socket's language. */
  async findForPush(
    id: number,
  ): Promise<{ userId: number; present: (language: Language) => TMessage } | undefined> {
    const row = await this.messages.findById(id);
    return row ? { userId: row.user_id, present: (language) => presentMessage(row, language) } : undefined;
  }

  /** The reader's messages, newest first; a call narrowed to a token's sites lists those of its sites only. */
  async page(
    reader: TMessageReader,
    filter: { pageNo: number; pageSize: number; isRead?: boolean; type?: string },
    language: Language,
  ): Promise<TPage<TMessage>> {
    const { records, total } = await this.messages.page(reader, filter);
    return presentPage(filter, { rows: records, total }, (row) => presentMessage(row, language));
  }

  async countUnread(reader: TMessageReader): Promise<{ count: number }> {
    return { count: await this.messages.countUnread(reader) };
  }

  async markRead(reader: TMessageReader, ids: number[]): Promise<{ updated: number }> {
    return { updated: await this.messages.markRead(reader, ids) };
  }

  async ignore(reader: TMessageReader, id: number): Promise<void> {
    if ((await this.messages.ignore(reader, id)) === 0) throw new AppError('NOT_FOUND');
  }
}
