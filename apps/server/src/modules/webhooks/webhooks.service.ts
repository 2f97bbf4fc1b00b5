import {
  AppError,
  type Language,
  type TPage,
  type TWebhookCreateRequest,
  type TWebhookDeliveryPageRequest,
  type TWebhookDeliveryRecord,
  type TWebhookEnableRequest,
  type TWebhookEventKind,
  type TWebhookPageRequest,
  type TWebhookRecord,
  type TWebhookSecret,
  type TWebhookUpdateRequest,
  WEBHOOK_SECRET_PREFIX,
} from '@masthub/shared';
import type { TAuthUser } from '../../platform/auth/auth-user.ts';
import { generateToken } from '../../platform/auth/tokens.ts';
import type { SecretBox } from '../../platform/secrets/secret-box.ts';
import { presentStoredError } from '../../platform/stored-error.ts';
import { secretContext, type WebhookOutbox } from './webhook-outbox.ts';
import type { TDeliveryStatus, TWebhookOwners, WebhookRepository } from './webhooks.repository.ts';

const TEST_MESSAGE = 'MastHub webhook test';

/**
 * Webhooks in system management (issue 32): made, changed, switched on and off, deleted and tested by
 * administrators (feature system.webhook) within their company (every company for a system
 * administrator); the secret is made by the server, shown once when made or rotated, kept sealed.
 */
export class WebhookService {
  constructor(
    private readonly hooks: WebhookRepository,
    private readonly outbox: WebhookOutbox,
    private readonly box: SecretBox,
  ) {}

  private ownersOf(caller: TAuthUser): TWebhookOwners {
    return caller.isAdmin ? { all: true } : { all: false, companyId: caller.companyId };
  }

  /** The hook, if the caller's company owns it (another company's answers NOT_FOUND). */
  private async ownHook(caller: TAuthUser, id: number) {
    const hook = await this.hooks.findById(id);
    if (!hook) throw new AppError('NOT_FOUND');
    if (!caller.isAdmin && (hook.company_id === null ? null : Number(hook.company_id)) !== caller.companyId)
      throw new AppError('NOT_FOUND');
    return hook;
  }

  private async newSecret(id: number): Promise<string> {
    const secret = WEBHOOK_SECRET_PREFIX + generateToken();
    await this.hooks.update(id, {
      secret_sealed: await this.box.seal(secret, secretContext(id)),
      secret_prefix: secret.slice(0, WEBHOOK_SECRET_PREFIX.length + 4),
    });
    return secret;
  }

  async create(caller: TAuthUser, request: TWebhookCreateRequest): Promise<TWebhookSecret> {
    const id = await this.hooks.create({
      company_id: caller.companyId,
      created_by: caller.id,
      name: request.name,
      url: request.url,
      events: request.events,
      is_enabled: request.isEnabled,
      secret_sealed: Buffer.alloc(0),
      secret_prefix: '',
    });
    return { id, secret: await this.newSecret(id) };
  }

  async update(caller: TAuthUser, request: TWebhookUpdateRequest): Promise<void> {
    await this.ownHook(caller, request.id);
    await this.hooks.update(request.id, {
      name: request.name,
      url: request.url,
      events: request.events,
      is_enabled: request.isEnabled,
    });
  }

  async setEnabled(caller: TAuthUser, request: TWebhookEnableRequest): Promise<void> {
    await this.ownHook(caller, request.id);
    await this.hooks.update(request.id, { is_enabled: request.isEnabled });
  }

  async rotateSecret(caller: TAuthUser, id: number): Promise<TWebhookSecret> {
    await this.ownHook(caller, id);
    return { id, secret: await this.newSecret(id) };
  }

  async remove(caller: TAuthUser, id: number): Promise<void> {
    await this.ownHook(caller, id);
    await this.hooks.remove(id);
  }

  /** Posts a `webhook.test` body at once and answers its delivery (status, code, duration, reason). */
  async sendTest(caller: TAuthUser, id: number, language: Language): Promise<TWebhookDeliveryRecord> {
    await this.ownHook(caller, id);
    const deliveryId = await this.outbox.sendTest(id, TEST_MESSAGE);
    const row = await this.hooks.findDelivery(deliveryId);
    const [record] = await this.presentDeliveries([row!], language);
    return record!;
  }

  async page(caller: TAuthUser, filter: TWebhookPageRequest): Promise<TPage<TWebhookRecord>> {
    const { rows, total } = await this.hooks.page(this.ownersOf(caller), filter);
    return {
      records: rows.map((r) => ({
        id: Number(r.id),
        name: r.name,
        url: r.url,
        events: r.events as TWebhookEventKind[],
        isEnabled: r.is_enabled,
        secretPrefix: r.secret_prefix,
        companyName: r.company_name,
        creatorAccount: r.creator_account,
        createdAt: r.created_at.toISOString(),
        lastStatus: r.last_status ?? null,
        lastDeliveryAt: r.last_delivery_at ? new Date(r.last_delivery_at).toISOString() : null,
      })),
      total,
      pageNo: filter.pageNo,
      pageSize: filter.pageSize,
    };
  }

  async deliveries(
    caller: TAuthUser,
    filter: TWebhookDeliveryPageRequest,
    language: Language,
  ): Promise<TPage<TWebhookDeliveryRecord>> {
    await this.ownHook(caller, filter.webhookId);
    const { rows, total } = await this.hooks.pageDeliveries(filter);
    return {
      records: await this.presentDeliveries(rows, language),
      total,
      pageNo: filter.pageNo,
      pageSize: filter.pageSize,
    };
  }

  private async presentDeliveries(
    rows: NonNullable<Awaited<ReturnType<WebhookRepository['findDelivery']>>>[],
    language: Language,
  ): Promise<TWebhookDeliveryRecord[]> {
    const attempts = await this.hooks.attemptsOf(rows.map((r) => Number(r.id)));
    return rows.map((r) => ({
      id: Number(r.id),
      eventId: r.event_id,
      kind: r.kind as TWebhookDeliveryRecord['kind'],
      status: r.status as TDeliveryStatus,
      attempts: r.attempts,
      maxAttempts: r.max_attempts,
      statusCode: r.last_status_code,
      durationMs: r.last_duration_ms,
      error: presentStoredError(r.last_error, language),
      body: r.body,
      createdAt: r.created_at.toISOString(),
      finishedAt: r.finished_at?.toISOString() ?? null,
      attemptLog: attempts
        .filter((a) => Number(a.delivery_id) === Number(r.id))
        .map((a) => ({
          attempt: a.attempt,
          statusCode: a.status_code,
          durationMs: a.duration_ms,
          error: presentStoredError(a.error, language),
          at: a.created_at.toISOString(),
        })),
    }));
  }
}
