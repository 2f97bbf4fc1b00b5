import type { TConfig } from '../../platform/config.ts';
import type { Database } from '../../platform/db/database.ts';
import type { TJobs } from '../../platform/jobs/jobs.ts';
import type { Logger } from '../../platform/logger.ts';
import { createKeySource, SecretBox } from '../../platform/secrets/secret-box.ts';
import { createManagementGuard, type StationAccess } from '../access/index.ts';
import { WebhookOutbox } from './webhook-outbox.ts';
import { WebhookRepository } from './webhooks.repository.ts';
import { WebhookService } from './webhooks.service.ts';

export interface TWebhookServices {
  webhooks: WebhookService;
  outbox: WebhookOutbox;
}

/** Wires webhooks (issue 32): their management and the outbox (subscribed to events in wiring/outbound-events.ts). */
export function buildWebhookServices(
  db: Database,
  config: TConfig,
  deps: { stationAccess: StationAccess; jobs: TJobs; log: Logger },
): TWebhookServices {
  const hooks = new WebhookRepository(db);
  // Same key handling as the other sealed secrets (PASSWORD_RECORD_KEY or <DATA_DIR>/secret.key), own purpose.
  const box = new SecretBox(
    createKeySource({
      configuredSecret: config.PASSWORD_RECORD_KEY,
      dataDir: config.dataDirAbs,
      purpose: 'webhook-secret',
    }),
  );
  const outbox = new WebhookOutbox(hooks, deps.stationAccess, box, deps.jobs, deps.log, {
    allowPrivate: config.WEBHOOK_ALLOW_PRIVATE,
    maxAttempts: config.WEBHOOK_MAX_ATTEMPTS,
    retryDelaySeconds: config.WEBHOOK_RETRY_DELAY_SECONDS,
    timeoutMs: config.WEBHOOK_TIMEOUT_MS,
    leaseSeconds: Math.ceil(config.WEBHOOK_TIMEOUT_MS / 1000) + 60,
    pollSeconds: config.NODE_ENV === 'test' ? 1 : 5,
    concurrency: config.WEBHOOK_CONCURRENCY,
  });
  const webhooks = new WebhookService(hooks, outbox, box, createManagementGuard(db), {
    allowPrivate: config.WEBHOOK_ALLOW_PRIVATE,
  });
  return { webhooks, outbox };
}
