import { AppError } from '@masthub/shared';
import pg from 'pg';

/** How long /api/health waits for the database before it says 503 (issue 26: within 2 s). */
export const PROBE_TIMEOUT_MS = 1000;

/**
 * Asks the database whether it answers, over one connection of its own and with a deadline: a frozen
 * database (a stopped process, a paused machine, a network that drops packets) makes a query wait
 * forever, so /api/health would hang instead of saying 503. A ping past the deadline drops the
 * connection (the next one opens anew); the process's pool is never held by a probe.
 */
export class DatabaseProbe {
  private client: Promise<pg.Client> | null = null;

  constructor(
    private readonly url: string,
    private readonly timeoutMs: number = PROBE_TIMEOUT_MS,
  ) {}

  /** Resolves when `SELECT 1` answers in time; else rejects with DATABASE_UNAVAILABLE (503). */
  async ping(): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('the database did not answer in time')), this.timeoutMs);
    });
    try {
      await Promise.race([this.query(), deadline]);
    } catch (error) {
      this.drop();
      const unavailable = new AppError('DATABASE_UNAVAILABLE');
      unavailable.cause = error;
      throw unavailable;
    } finally {
      clearTimeout(timer);
    }
  }

  private async query(): Promise<void> {
    if (!this.client) {
      const client = new pg.Client({ connectionString: this.url, connectionTimeoutMillis: this.timeoutMs });
      const connecting = client.connect().then(() => client);
      this.client = connecting;
      // A connection lost between pings is dropped; the next ping opens another.
      const forget = () => {
        if (this.client === connecting) this.drop();
      };
      client.on('error', forget);
      client.on('end', forget);
    }
    const client = await this.client;
    await client.query('SELECT 1');
  }

  /** Forgets the connection and closes it without waiting (a frozen server may never say goodbye). */
  private drop(): void {
    const client = this.client;
    this.client = null;
    void client?.then(
      (c) => c.end().catch(() => undefined),
      () => undefined,
    );
  }

  async close(): Promise<void> {
    const client = this.client;
    this.client = null;
    await client?.then(
      (c) => c.end(),
      () => undefined,
    );
  }
}
