import { createHmac, randomUUID } from 'node:crypto';
import {
  AppError,
  type TWebhookBody,
  type TWebhookDeliveryKind,
  WEBHOOK_DELIVERY_HEADER,
  WEBHOOK_EVENT_HEADER,
  WEBHOOK_SCHEMA_VERSION,
  WEBHOOK_SIGNATURE_HEADER,
} from '@masthub/shared';
import type { TOutboundEvent } from '../../platform/events/outbound-events.ts';
import { SCHEDULED_POLL_SECONDS, type TJobs } from '../../platform/jobs/jobs.ts';
import type { Logger } from '../../platform/logger.ts';
import type { SecretBox } from '../../platform/secrets/secret-box.ts';
import { storedError } from '../../platform/stored-error.ts';
import type { StationAccess } from '../access/index.ts';
import { postJson } from './outbound-http.ts';
import type { WebhookRepository } from './webhooks.repository.ts';

export interface TWebhookOutboxOptions {
  allowPrivate: boolean;
  maxAttempts: number;
  /** First retry delay in seconds; pg-boss doubles it after each failure. */
  retryDelaySeconds: number;
  timeoutMs: number;
  leaseSeconds: number;
  /** How often idle 'webhook.send' workers look for retries (seconds). */
  pollSeconds?: number;
  /** Deliveries sent at once by one process. */
  concurrency?: number;
}

export type TAttemptOutcome = 'delivered' | 'failed' | 'retry' | 'skipped' | 'taken';

/** The context a hook's secret is sealed under (a value copied to another hook does not open). */
export function secretContext(webhookId: number): string {
  return `webhook-secret:${webhookId}`;
}

/** `t=<unix seconds>,v1=<hex HMAC-SHA256("<t>.<body>")>`, the value of X-MastHub-Signature. */
export function signatureOf(secret: string, timestamp: number, body: string): string {
  const mac = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return `t=${timestamp},v1=${mac}`;
}

const SWEEP_CRON = '* * * * *';

/**
 * The webhook outbox (issue 32), on the mail outbox's pattern: an event writes one delivery per subscribed
 * hook whose creator is enabled and sees its sites (within the hook's own sites, when it was made with
 * some), and queues the 'webhook.send' job; an attempt claims the row with a lease, checks the hook, the
 * creator and their sight again, signs the body and posts it. A non-2xx answer, a
 * timeout or a lost connection is retried by the queue with doubling delays up to `maxAttempts`; a refused
 * address or a redirect fails at once. Every attempt is logged with its status code and duration; the
 * secret is opened only to sign and never logged.
 */
export class WebhookOutbox {
  constructor(
    private readonly hooks: WebhookRepository,
    private readonly access: StationAccess,
    private readonly box: SecretBox,
    private readonly jobs: TJobs,
    private readonly log: Logger,
    private readonly options: TWebhookOutboxOptions,
  ) {}

  /**
   * Writes the deliveries of `events` and queues them (the outbound-events listener): one look-up of the
   * subscribed hooks per kind, of each creator's sight per set of sites, one insert and one queue insert.
   */
  async enqueue(events: readonly TOutboundEvent[]): Promise<number[]> {
    const subscribedOf = new Map<
      string,
      Promise<{ id: number; created_by: number; station_ids: (number | string)[] | null }[]>
    >();
    const sees = new Map<string, Promise<boolean>>();
    const refs = new Map(
      (await this.stationRefs([...new Set(events.flatMap((e) => e.stationIds))])).map((r) => [r.id, r]),
    );
    const rows = [];
    for (const event of events) {
      if (!subscribedOf.has(event.kind)) subscribedOf.set(event.kind, this.hooks.listSubscribed(event.kind));
      const subscribed = await subscribedOf.get(event.kind)!;
      if (subscribed.length === 0) continue;
      const stations = event.stationIds.flatMap((id) => refs.get(id) ?? []);
      for (const hook of subscribed) {
        const key = `${hook.created_by}:${hook.station_ids?.join(',') ?? '*'}:${event.stationIds.join(',')}`;
        if (!sees.has(key))
          sees.set(key, this.creatorSees(Number(hook.created_by), hook.station_ids, event.stationIds));
        if (!(await sees.get(key))) continue;
        const eventId = randomUUID();
        rows.push({
          webhook_id: Number(hook.id),
          event_id: eventId,
          kind: event.kind,
          station_ids: [...event.stationIds],
          body: this.bodyOf(eventId, event.kind, event.occurredAt ?? new Date(), stations, event.data),
          max_attempts: this.options.maxAttempts,
        });
      }
    }
    const ids = await this.hooks.insertDeliveries(rows);
    await this.dispatch(ids);
    return ids;
  }

  /** A `webhook.test` delivery of one hook, attempted at once (one attempt); its id. */
  async sendTest(webhookId: number, message: string): Promise<number> {
    const eventId = randomUUID();
    const [id] = await this.hooks.insertDeliveries([
      {
        webhook_id: webhookId,
        event_id: eventId,
        kind: 'webhook.test',
        body: this.bodyOf(eventId, 'webhook.test', new Date(), [], { webhookId, message }),
        max_attempts: 1,
      },
    ]);
    await this.attempt(id!, { isTest: true });
    return id!;
  }

  private bodyOf(
    eventId: string,
    kind: TWebhookDeliveryKind,
    occurredAt: Date,
    stations: TWebhookBody['stations'],
    data: unknown,
  ): string {
    return JSON.stringify({
      id: eventId,
      schemaVersion: WEBHOOK_SCHEMA_VERSION,
      kind,
      occurredAt: occurredAt.toISOString(),
      stations,
      data,
    });
  }

  private async stationRefs(ids: readonly number[]): Promise<TWebhookBody['stations']> {
    const rows = await this.hooks.stationRefs([...ids]);
    const byId = new Map(rows.map((r) => [Number(r.id), r]));
    return ids.flatMap((id) => {
      const row = byId.get(id);
      return row ? [{ id, stationCode: row.station_code, projectName: row.project_name }] : [];
    });
  }

  /**
   * Whether the hook's creator (as their rights are now, narrowed to the hook's own sites if it was made
   * with some) sees every one of the sites.
   */
  private async creatorSees(
    userId: number,
    hookStationIds: readonly (number | string)[] | null,
    stationIds: readonly number[],
  ): Promise<boolean> {
    if (stationIds.length === 0) return false;
    const creator = await this.access.findSubject(userId);
    if (!creator) return false;
    const subject =
      hookStationIds === null ? creator : { ...creator, stationIds: hookStationIds.map(Number) };
    const access = await this.access.listAccess(subject, stationIds);
    return access.length === new Set(stationIds).size && access.every((a) => a.kinds.length > 0);
  }

  async dispatch(ids: readonly number[]): Promise<void> {
    await this.jobs.sendMany(
      'webhook.send',
      ids.map((deliveryId) => ({
        data: { deliveryId },
        options: {
          singletonKey: `webhook:${deliveryId}`,
          retryLimit: this.options.maxAttempts - 1,
          retryDelay: this.options.retryDelaySeconds,
          retryBackoff: true,
        },
      })),
    );
  }

  /**
   * One attempt of a delivery (the 'webhook.send' job, or "send test" at once). Returns 'retry' after a
   * failure that may pass, so that the job fails and the queue tries again after its back-off.
   */
  async attempt(deliveryId: number, options: { isTest?: boolean } = {}): Promise<TAttemptOutcome> {
    const delivery = await this.hooks.claim(deliveryId, this.options.leaseSeconds);
    if (!delivery) return 'taken';
    const attemptNo = delivery.attempts;
    const end = async (
      status: 'delivered' | 'failed' | 'pending' | 'skipped',
      result: { statusCode?: number | null; durationMs?: number; error?: AppError },
    ) => {
      await this.hooks.finish(
        deliveryId,
        {
          attempt: attemptNo,
          statusCode: result.statusCode ?? null,
          durationMs: result.durationMs ?? 0,
          error: result.error ? storedError(result.error) : '',
        },
        status,
      );
    };
    const hook = { ...delivery, id: Number(delivery.webhook_id) };
    if (!hook.is_enabled && !options.isTest) {
      await end('skipped', { error: new AppError('WEBHOOK_DISABLED') });
      return 'skipped';
    }
    if (!hook.creator_enabled) {
      await end('skipped', { error: new AppError('WEBHOOK_CREATOR_DISABLED') });
      return 'skipped';
    }
    const stationIds = delivery.station_ids.map(Number);
    if (
      stationIds.length > 0 &&
      !(await this.creatorSees(Number(hook.created_by), hook.hook_station_ids, stationIds))
    ) {
      await end('skipped', { error: new AppError('WEBHOOK_SITE_HIDDEN') });
      return 'skipped';
    }
    const secret = await this.box.open(hook.secret_sealed, secretContext(Number(hook.id)));
    if (secret === undefined) {
      await end('failed', { error: new AppError('INTERNAL') });
      return 'failed';
    }
    const timestamp = Math.floor(Date.now() / 1000);
    const started = performance.now();
    try {
      const answer = await postJson({
        url: hook.url,
        body: delivery.body,
        timeoutMs: this.options.timeoutMs,
        allowPrivate: this.options.allowPrivate,
        headers: {
          [WEBHOOK_SIGNATURE_HEADER]: signatureOf(secret, timestamp, delivery.body),
          [WEBHOOK_EVENT_HEADER]: delivery.kind,
          [WEBHOOK_DELIVERY_HEADER]: delivery.event_id,
        },
      });
      if (answer.statusCode >= 200 && answer.statusCode < 300) {
        await end('delivered', answer);
        return 'delivered';
      }
      if (answer.statusCode >= 300 && answer.statusCode < 400) {
        await end('failed', {
          ...answer,
          error: new AppError('WEBHOOK_REDIRECT_REFUSED', { status: answer.statusCode }),
        });
        return 'failed';
      }
      return await this.failedAttempt(delivery, end, {
        ...answer,
        error: new AppError('WEBHOOK_HTTP_STATUS', { status: answer.statusCode }),
      });
    } catch (error) {
      const reason = error instanceof AppError ? error : new AppError('INTERNAL');
      const durationMs = Math.round(performance.now() - started);
      if (reason.code === 'WEBHOOK_ADDRESS_REFUSED') {
        this.log.warn(
          { webhookId: Number(hook.id), deliveryId, code: reason.code },
          'webhook address refused',
        );
        await end('failed', { durationMs, error: reason });
        return 'failed';
      }
      return await this.failedAttempt(delivery, end, { durationMs, error: reason });
    }
  }

  private async failedAttempt(
    delivery: { attempts: number; max_attempts: number },
    end: (
      status: 'failed' | 'pending',
      result: { statusCode?: number | null; durationMs?: number; error?: AppError },
    ) => Promise<void>,
    result: { statusCode?: number | null; durationMs?: number; error: AppError },
  ): Promise<TAttemptOutcome> {
    if (delivery.attempts < delivery.max_attempts) {
      await end('pending', result);
      return 'retry';
    }
    await end('failed', result);
    return 'failed';
  }

  /** Deliveries nobody is sending: written but never queued (a crash), or a lease that expired. */
  async sweep(): Promise<number> {
    const ids = await this.hooks.listStranded();
    await this.dispatch(ids);
    return ids.length;
  }

  async registerJobs(jobs: TJobs): Promise<void> {
    await jobs.work(
      'webhook.send',
      async (job) => {
        const outcome = await this.attempt(job.data.deliveryId);
        if (outcome === 'retry') throw new Error(`webhook delivery ${job.data.deliveryId}: will retry`);
      },
      { concurrency: this.options.concurrency ?? 4, pollingIntervalSeconds: this.options.pollSeconds ?? 5 },
    );
    await jobs.work(
      'webhook.sweep',
      async () => {
        const n = await this.sweep();
        if (n > 0) this.log.info({ count: n }, 'webhook deliveries found waiting and queued again');
      },
      { pollingIntervalSeconds: SCHEDULED_POLL_SECONDS },
    );
    await jobs.schedule('webhook.sweep', SWEEP_CRON, {});
  }
}
