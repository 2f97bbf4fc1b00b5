import type { Language, TChangeFrame } from '@masthub/shared';
import { HEARTBEAT_INTERVAL_MS, SOCKET_CONNECT_DELAY_MS } from '@masthub/shared/constants.ts';
import {
  buildHeartbeat,
  buildSocketUrl,
  createTabSuffix,
  parseSocketFrame,
  type TPushedMessage,
} from './socket.utils.ts';
import { emitTaskEvent } from './task-events.ts';

export type SocketState = 'connecting' | 'open' | 'closed';

declare global {
  interface Window {
    /** Read by browser tests to wait for the channel. */
    __masthubSocketState?: SocketState;
  }
}

export interface RealtimeStartOptions {
  /** Read when the delay has passed, so a login that happened meanwhile counts. */
  getSession: () => { userId: number; token: string } | null;
  getLanguage: () => Language;
  onMessage: (message: TPushedMessage) => void;
  /** Something the user may see changed on the server: the screens showing it ask again. */
  onChange: (change: TChangeFrame) => void;
}

const tabSuffix = createTabSuffix();

function setState(state: SocketState): void {
  window.__masthubSocketState = state;
}

/**
 * The push channel of SPEC §4: opens 1 s after start when a user id is stored, pings every 10 s,
 * only logs errors and closing, and never reconnects by itself.
 */
export class RealtimeClient {
  private socket: WebSocket | undefined;
  private startTimer: ReturnType<typeof setTimeout> | undefined;
  private heartbeatTimer: ReturnType<typeof setInterval> | undefined;

  start(options: RealtimeStartOptions): void {
    this.stop();
    setState('closed');
    this.startTimer = setTimeout(() => this.open(options), SOCKET_CONNECT_DELAY_MS);
  }

  private open(options: RealtimeStartOptions): void {
    this.startTimer = undefined;
    const session = options.getSession();
    if (!session) {
      console.warn('[realtime] the current user is not logged in');
      return;
    }
    const url = buildSocketUrl({
      protocol: window.location.protocol,
      host: window.location.host,
      userId: session.userId,
      suffix: tabSuffix,
      language: options.getLanguage(),
      token: session.token,
    });
    setState('connecting');
    const socket = new WebSocket(url);
    this.socket = socket;
    socket.addEventListener('open', () => {
      if (this.socket !== socket) return;
      setState('open');
      this.heartbeatTimer = setInterval(() => {
        if (socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(buildHeartbeat(session.userId)));
      }, HEARTBEAT_INTERVAL_MS);
    });
    socket.addEventListener('message', (event) => {
      const frame = parseSocketFrame(event.data);
      if (frame.kind === 'message') options.onMessage(frame.message);
      else if (frame.kind === 'task') emitTaskEvent(frame.task);
      else if (frame.kind === 'change') options.onChange(frame.change);
    });
    socket.addEventListener('error', () => {
      console.error('[realtime] websocket connection error, reconnecting');
    });
    socket.addEventListener('close', (event) => {
      console.warn(`[realtime] websocket connection interrupted (code ${event.code})`);
      if (this.socket === socket) this.clearSocket();
    });
  }

  private clearSocket(): void {
    if (this.heartbeatTimer !== undefined) clearInterval(this.heartbeatTimer);
    this.heartbeatTimer = undefined;
    this.socket = undefined;
    setState('closed');
  }

  /** Closes the channel on demand (logout, leaving the main layout). */
  stop(): void {
    if (this.startTimer !== undefined) clearTimeout(this.startTimer);
    this.startTimer = undefined;
    const socket = this.socket;
    if (socket) {
      this.clearSocket();
      socket.close(1000, 'closed by client');
    }
  }
}

/** One channel per tab. */
export const realtimeClient = new RealtimeClient();
