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
import { presentPage } from '../../platform/db/paging.ts';
import type { SecretBox } from '../../platform/secrets/secret-box.ts';
import { presentStoredError } from '../../platform/stored-error.ts';
import { hasAllStations, type ManagementGuard } from '../access/index.ts';
import { resolveTarget } from './outbound-http.ts';
import { secretContext, type WebhookOutbox } from './webhook-outbox.ts';
import type { TDeliveryStatus, TWebhookOwners, WebhookRepository } from './webhooks.repository.ts';

const TEST_MESSAGE = 'MastHub webhook test';

/** Whether a hook kept to `hookSites` (null: every site) lies within a call narrowed to `callSites`. */
function isWithinSites(
  hookSites: readonly (number | string)[] | null,
  callSites: readonly number[],
): boolean {
  if (hookSites === null) return false;
  const allowed = new Set(callSites.map(Number));
  return hookSites.every((id) => allowed.has(Number(id)));
}

/**
 * Webhooks in system management (issue 32, issue 39 §2): made by administrators (feature system.webhook);
 * a hook belongs to its creator. It is seen, changed, switched on and off, tested, rotated and deleted,
 * and its delivery log read, by its creator or by an administrator of the creator's company whose reach
 * covers the creator's (the one rule for managing users, ManagementGuard) — by a system administrator
 * everywhere. A call narrowed to some sites (a token's) makes hooks kept to those sites and manages only
 * such hooks; the delivery log shows a reader only the deliveries of sites they see. The URL is checked
 * when saved as when sent; the secret is made by the server, shown once when made or rotated, kept sealed.
 */
export class WebhookService {
  constructor(
    private readonly hooks: WebhookRepository,
    private readonly outbox: WebhookOutbox,
    private readonly box: SecretBox,
    private readonly guard: ManagementGuard,
    private readonly options: { allowPrivate: boolean },
  ) {}

  private async ownersOf(caller: TAuthUser): Promise<TWebhookOwners> {
    const narrowed = { stationIds: caller.stationIds };
    if (caller.isAdmin) return { all: true, ...narrowed };
    const creators = caller.companyId === null ? [] : await this.hooks.listCreators(caller.companyId);
    const colleagueIds = await this.guard.listManageable(
      caller,
      creators.filter((id) => id !== caller.id),
    );
    return { all: false, userId: caller.id, companyId: caller.companyId, colleagueIds, ...narrowed };
  }

  /** The hook, if the caller manages it (ownersOf); any other answers NOT_FOUND, as if it did not exist. */
  private async ownHook(caller: TAuthUser, id: number) {
    const hook = await this.hooks.findById(id);
    if (!hook || !(await this.manages(caller, hook))) throw new AppError('NOT_FOUND');
    return hook;
  }

  private async manages(
    caller: TAuthUser,
    hook: { created_by: number; company_id: number | null; station_ids: (number | string)[] | null },
  ): Promise<boolean> {
    if (caller.stationIds !== undefined && !isWithinSites(hook.station_ids, caller.stationIds)) return false;
    const creatorId = Number(hook.created_by);
    if (caller.isAdmin || creatorId === caller.id) return true;
    if (hook.company_id === null || Number(hook.company_id) !== caller.companyId) return false;
    return (await this.guard.listManageable(caller, [creatorId])).length === 1;
  }

  /**
   * Refuses a URL the outbox would refuse to send to, with the same reason, on the URL field: an internal
   * address or a name that does not resolve (WEBHOOK_ALLOW_PRIVATE aside).
   */
  private async assertUrlAllowed(url: string): Promise<void> {
    try {
      await resolveTarget(new URL(url), this.options.allowPrivate);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      const host = typeof error.details.host === 'string' ? error.details.host : '';
      const message =
        error.code === 'WEBHOOK_DNS_FAILED' ? 'v.webhookHostUnresolved' : 'v.webhookAddressRefused';
      throw new AppError(error.code, error.details, [{ field: 'url', message, params: { host } }]);
    }
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
    await this.assertUrlAllowed(request.url);
    const id = await this.hooks.create({
      company_id: caller.companyId,
      created_by: caller.id,
      station_ids: caller.stationIds === undefined ? null : [...caller.stationIds],
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
    await this.assertUrlAllowed(request.url);
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
    const { rows, total } = await this.hooks.page(await this.ownersOf(caller), filter);
    return presentPage(filter, { rows, total }, (r) => ({
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
    }));
  }

  async deliveries(
    caller: TAuthUser,
    filter: TWebhookDeliveryPageRequest,
    language: Language,
  ): Promise<TPage<TWebhookDeliveryRecord>> {
    await this.ownHook(caller, filter.webhookId);
    // A delivery names its sites and carries their data: only those of sites the reader sees now.
    const { rows, total } = await this.hooks.pageDeliveries({
      ...filter,
      reader: hasAllStations(caller) ? undefined : caller,
    });
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
