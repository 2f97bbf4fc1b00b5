import { HEARTBEAT_INTERVAL_MS, type Language, parseLanguageHeader, type TMessage } from '@masthub/shared';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import type { WebSocket } from 'ws';
import { z } from 'zod';
import type { TAuthUser } from '../../platform/auth/auth-user.ts';
import type { Logger } from '../../platform/logger.ts';
import { changeFrameOf, type TChange, type TChangeAudience, ZChange } from './changes.ts';
import { EVENT_CHANNEL, MESSAGE_CHANNEL, type MessageService } from './messages.service.ts';

/** Close codes sent to the browser; 4401 mirrors HTTP 401. */
export const WS_CLOSE = { notLoggedIn: 4401, wrongUser: 4403, idle: 4408, shutdown: 1001 } as const;

// Back-off of the LISTEN connection after it is lost: 250 ms doubling to 10 s.
const RECONNECT_FIRST_MS = 250;
const RECONNECT_MAX_MS = 10_000;
// A socket that sent nothing for three heartbeats is gone (laptop closed, network lost).
const IDLE_LIMIT_MS = HEARTBEAT_INTERVAL_MS * 3;

const ZHeartbeat = z.object({ heartbeat: z.literal(true), message: z.string().optional() });
const ZNotification = z.object({ id: z.number().int(), userId: z.number().int() });
const ZEventNotification = z.object({ userId: z.number().int(), frame: z.record(z.string(), z.unknown()) });
const ZChangeNotification = z.object({ change: ZChange });

interface TClient {
  socket: WebSocket;
  userId: number;
  token: string;
  /** The user as their token resolved at the last heartbeat (rights included): who may hear of a change. */
  user: TAuthUser;
  /** The language of the socket's URL (`/zh`, `/en`): pushed messages are written in it. */
  language: Language;
  lastSeen: number;
}

/**
 * The real-time channel (SPEC §4, DESIGN §6): sockets per user in this process, woken by PostgreSQL
 * LISTEN/NOTIFY so a message stored by any API or worker process reaches the user wherever they connected.
 */
export class RealtimeHub {
  private readonly clients = new Set<TClient>();
  private listener: pg.PoolClient | null = null;
  private sweeper: NodeJS.Timeout | null = null;

  constructor(
    private readonly pool: pg.Pool,
    private readonly messages: MessageService,
    private readonly authenticate: (token: string | undefined) => Promise<TAuthUser>,
    private readonly log: Logger,
    /** Who among the connected users may hear of a change (nobody when not given). */
    private readonly audience: TChangeAudience = async () => new Set(),
  ) {}

  async start(): Promise<void> {
    await this.listen();
    this.sweeper = setInterval(() => this.sweep(), HEARTBEAT_INTERVAL_MS);
    this.sweeper.unref();
  }

  async stop(): Promise<void> {
    this.isStopping = true;
    if (this.sweeper) clearInterval(this.sweeper);
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    for (const client of this.clients) client.socket.close(WS_CLOSE.shutdown, 'server shutting down');
    this.clients.clear();
    const listener = this.listener;
    this.listener = null;
    if (listener) {
      await listener.query(`UNLISTEN ${MESSAGE_CHANNEL}`).catch(() => undefined);
      await listener.query(`UNLISTEN ${EVENT_CHANNEL}`).catch(() => undefined);
      listener.release();
    }
  }

  /** Whether this process is listening for pushes now (false while it reconnects after a lost database). */
  get isListening(): boolean {
    return this.listener !== null;
  }

  private isStopping = false;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private reconnectDelayMs = RECONNECT_FIRST_MS;

  /**
   * Takes a connection of its own and LISTENs on it. When that connection is lost (database restart,
   * failover, network), it is thrown away and a new one is made with a doubling back-off, so pushes
   * resume by themselves once the database is back (issue 12).
   */
  private async listen(): Promise<void> {
    const client = await this.pool.connect();
    const lost = (err?: Error) => {
      if (this.listener !== client) return;
      this.listener = null;
      // Releasing with an error destroys the connection instead of returning it to the pool.
      client.release(err ?? new Error('realtime listener connection ended'));
      if (this.isStopping) return;
      this.log.warn({ err }, 'realtime listener connection lost; reconnecting');
      this.scheduleReconnect();
    };
    client.on('notification', (n) => this.onNotification(n));
    client.on('error', (err) => lost(err));
    client.on('end', () => lost());
    this.listener = client;
    try {
      await client.query(`LISTEN ${MESSAGE_CHANNEL}`);
      await client.query(`LISTEN ${EVENT_CHANNEL}`);
    } catch (error) {
      lost(error as Error);
      throw error;
    }
    this.reconnectDelayMs = RECONNECT_FIRST_MS;
  }

  private scheduleReconnect(): void {
    if (this.reconnectTimer || this.isStopping) return;
    const delay = this.reconnectDelayMs;
    this.reconnectDelayMs = Math.min(RECONNECT_MAX_MS, delay * 2);
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      this.listen().then(
        () => this.log.info('realtime listener reconnected'),
        (err) => {
          this.log.warn({ err, retryInMs: this.reconnectDelayMs }, 'realtime listener could not reconnect');
          this.scheduleReconnect();
        },
      );
    }, delay);
    this.reconnectTimer.unref();
  }

  private onNotification(n: pg.Notification): void {
    if (!n.payload) return;
    if (n.channel === MESSAGE_CHANNEL) {
      const parsed = ZNotification.safeParse(JSON.parse(n.payload));
      if (parsed.success) void this.deliver(parsed.data.id, parsed.data.userId);
    } else if (n.channel === EVENT_CHANNEL) {
      const payload: unknown = JSON.parse(n.payload);
      const change = ZChangeNotification.safeParse(payload);
      if (change.success) {
        void this.deliverChange(change.data.change);
        return;
      }
      const parsed = ZEventNotification.safeParse(payload);
      if (parsed.success) this.deliverEvent(parsed.data.userId, parsed.data.frame);
    }
  }

  /** How many sockets this process holds for a user. */
  countConnections(userId: number): number {
    let n = 0;
    for (const client of this.clients) if (client.userId === userId) n++;
    return n;
  }

  private async deliver(messageId: number, userId: number): Promise<void> {
    const targets = [...this.clients].filter((c) => c.userId === userId);
    if (targets.length === 0) return;
    const found = await this.messages.findForPush(messageId);
    if (!found) return;
    const frames = new Map<Language, string>();
    for (const client of targets) {
      let frame = frames.get(client.language);
      if (frame === undefined) {
        frame = JSON.stringify(found.present(client.language) satisfies TMessage);
        frames.set(client.language, frame);
      }
      client.socket.send(frame);
    }
  }

  /** Transient frames (task progress): not stored, pushed to the user's sockets in this process. */
  private deliverEvent(userId: number, frame: Record<string, unknown>): void {
    const text = JSON.stringify(frame);
    for (const client of this.clients) if (client.userId === userId) client.socket.send(text);
  }

  /**
   * A `changed` frame to the sockets in this process of the users allowed to see what changed (issue 41
   * §2), decided once per change over the connected users with the rights they had at their last
   * heartbeat.
   */
  private async deliverChange(change: TChange): Promise<void> {
    const clients = [...this.clients];
    if (clients.length === 0) return;
    const users = new Map(clients.map((c) => [c.userId, c.user]));
    let allowed: ReadonlySet<number>;
    try {
      allowed = await this.audience(change, [...users.values()]);
    } catch (err) {
      this.log.warn({ err, topic: change.topic }, 'the audience of a change could not be decided');
      return;
    }
    const frame = JSON.stringify(changeFrameOf(change));
    for (const client of clients) {
      if (allowed.has(client.userId) && this.clients.has(client)) client.socket.send(frame);
    }
  }

  private sweep(): void {
    const now = Date.now();
    for (const client of this.clients) {
      if (now - client.lastSeen > IDLE_LIMIT_MS) client.socket.close(WS_CLOSE.idle, 'no heartbeat');
    }
  }

  register(app: FastifyInstance): void {
    app.get<{ Params: { key: string; lang: string }; Querystring: { token?: string } }>(
      '/api/web/websocket/:key/:lang',
      { websocket: true, schema: { hide: true } },
      (socket, request) => {
        const userId = Number(/^(\d+)-[\w-]{1,64}$/.exec(request.params.key)?.[1]);
        const token = request.query.token;
        // Listeners are attached before any await: a frame sent right after the handshake would
        // otherwise arrive while the token is being checked, with nobody listening.
        const ready = this.authenticate(token).then(
          (user) => (user.id === userId ? user : WS_CLOSE.wrongUser),
          () => WS_CLOSE.notLoggedIn,
        );
        let client: TClient | null = null;
        socket.on('message', async (data) => {
          // `ready` resolves before this continuation runs, and the registration below was queued first.
          await ready;
          if (!client) return;
          client.lastSeen = Date.now();
          let frame: unknown;
          try {
            frame = JSON.parse(String(data));
          } catch {
            return;
          }
          if (!ZHeartbeat.safeParse(frame).success) return;
          // Each heartbeat re-checks the token, so logout or a password change ends the channel too, and
          // a change of rights reaches the audience of the changes pushed next.
          try {
            client.user = await this.authenticate(client.token);
          } catch {
            socket.close(WS_CLOSE.notLoggedIn, 'not logged in');
            return;
          }
          socket.send(JSON.stringify({ heartbeat: true, userId: 0, toUserId: userId, message: 'pong' }));
        });
        socket.on('close', () => {
          if (client) this.clients.delete(client);
          request.log.info({ userId }, 'realtime socket closed');
        });
        void ready.then((result) => {
          if (typeof result === 'number') {
            socket.close(result, result === WS_CLOSE.wrongUser ? 'user mismatch' : 'not logged in');
            return;
          }
          if (socket.readyState !== socket.OPEN) return;
          client = {
            socket,
            userId,
            token: token!,
            user: result,
            language: parseLanguageHeader(request.params.lang),
            lastSeen: Date.now(),
          };
          this.clients.add(client);
          request.log.info({ userId }, 'realtime socket opened');
        });
      },
    );
  }
}
