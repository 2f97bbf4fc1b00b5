import {
  type Language,
  type TChangeFrame,
  type THeartbeat,
  type TProcessingTask,
  ZChangeFrame,
} from '@masthub/shared';

/** A message pushed by the server (SPEC §3/§7). */
export interface TPushedMessage {
  id: number | undefined;
  type: string;
  message: string;
  description: string;
  messageType: string;
  createTime: string | undefined;
}

export type SocketFrame =
  | { kind: 'heartbeat' }
  | { kind: 'message'; message: TPushedMessage }
  /** A transient processing-task frame `{"event":"task","task":…}` (progress and end, never stored). */
  | { kind: 'task'; task: TProcessingTask }
  /** Something the user may see changed on the server `{"event":"changed","topic":…}` (issue 41 §2). */
  | { kind: 'change'; change: TChangeFrame }
  | { kind: 'unknown' };

export interface SocketUrlInput {
  protocol: string;
  host: string;
  userId: number;
  suffix: string;
  language: Language;
  token: string;
}

/** `ws(s)://<host>/api/web/websocket/{userId}-{suffix}/{lang}?token=<token>` (SPEC §4, §7). */
export function buildSocketUrl(input: SocketUrlInput): string {
  const scheme = input.protocol === 'https:' ? 'wss' : 'ws';
  const channel = `${input.userId}-${encodeURIComponent(input.suffix)}`;
  return `${scheme}://${input.host}/api/web/websocket/${channel}/${input.language}?token=${encodeURIComponent(input.token)}`;
}

export function buildHeartbeat(userId: number): THeartbeat {
  return { heartbeat: true, userId, toUserId: 0, message: 'ping' };
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** Whether a value has the fields every task frame carries (the rest is passed through as sent). */
function isTaskLike(value: unknown): value is TProcessingTask {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const task = value as Record<string, unknown>;
  return (
    typeof task['id'] === 'number' &&
    typeof task['versionId'] === 'number' &&
    typeof task['stationId'] === 'number' &&
    typeof task['kind'] === 'string' &&
    typeof task['status'] === 'string' &&
    typeof task['progress'] === 'number'
  );
}

/**
 * Reads one server frame: heartbeats are ignored by the caller, messages become notifications, task
 * frames go to the pages that follow a processing task and change frames mark what they name stale.
 */
export function parseSocketFrame(data: unknown): SocketFrame {
  if (typeof data !== 'string') return { kind: 'unknown' };
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return { kind: 'unknown' };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { kind: 'unknown' };
  const record = value as Record<string, unknown>;
  if (record['heartbeat'] === true) return { kind: 'heartbeat' };
  if (record['event'] === 'task') {
    return isTaskLike(record['task']) ? { kind: 'task', task: record['task'] } : { kind: 'unknown' };
  }
  if (record['event'] === 'changed') {
    const change = ZChangeFrame.safeParse(record);
    return change.success ? { kind: 'change', change: change.data } : { kind: 'unknown' };
  }
  if (typeof record['message'] !== 'string') return { kind: 'unknown' };
  return {
    kind: 'message',
    message: {
      id: typeof record['id'] === 'number' ? record['id'] : undefined,
      type: text(record['type']),
      message: record['message'],
      description: text(record['description']),
      messageType: text(record['messageType']),
      createTime: typeof record['createTime'] === 'string' ? record['createTime'] : undefined,
    },
  };
}

/** The notification kinds antd draws with their own icon (a check, an i, an exclamation mark, a cross). */
export type NotificationKind = 'success' | 'info' | 'warning' | 'error';

/**
 * How a pushed message is shown: by its `messageType` (a failed report or task is an error, a new alarm a
 * warning); anything else is information.
 */
export function notificationKind(messageType: string): NotificationKind {
  return messageType === 'success' || messageType === 'warning' || messageType === 'error'
    ? messageType
    : 'info';
}

/** A random id per tab, so two tabs of one user get two channels (crypto.getRandomValues works on http too). */
export function createTabSuffix(
  random: (bytes: Uint8Array) => Uint8Array = (b) => crypto.getRandomValues(b),
): string {
  return Array.from(random(new Uint8Array(6)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
