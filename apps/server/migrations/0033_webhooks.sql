-- Issue 32 (open platform): webhooks. An administrator subscribes a URL to events; each hook belongs to
-- the company of its creator and only hears about sites its creator sees (checked again when sent). The
-- secret signs every body (HMAC-SHA256); it is kept sealed (AES-256-GCM) because it is needed to sign,
-- shown once when made or rotated. Deliveries are a durable outbox like the mail send log: written when the
-- event happens, sent by the 'webhook.send' job with doubling back-off, a lease so two workers never send
-- one together, and a sweep for the stranded. Every attempt is logged with its status code and duration.
CREATE TABLE webhook (
  id             bigserial PRIMARY KEY,
  company_id     bigint REFERENCES company(id) ON DELETE CASCADE,
  created_by     bigint NOT NULL REFERENCES app_user(id) ON DELETE CASCADE,
  name           text NOT NULL,
  url            text NOT NULL,
  events         text[] NOT NULL CHECK (cardinality(events) > 0),
  secret_sealed  bytea NOT NULL,
  secret_prefix  text NOT NULL,
  is_enabled     boolean NOT NULL DEFAULT true,
  created_at     timestamptz NOT NULL DEFAULT now(),
  updated_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX webhook_company ON webhook (company_id);
CREATE INDEX webhook_events ON webhook USING gin (events) WHERE is_enabled;

CREATE TABLE webhook_delivery (
  id                bigserial PRIMARY KEY,
  webhook_id        bigint NOT NULL REFERENCES webhook(id) ON DELETE CASCADE,
  event_id          uuid NOT NULL,
  kind              text NOT NULL,
  station_ids       bigint[] NOT NULL DEFAULT '{}',
  body              text NOT NULL,
  status            text NOT NULL DEFAULT 'pending'
    CHECK (status IN ('pending', 'sending', 'delivered', 'failed', 'skipped')),
  attempts          integer NOT NULL DEFAULT 0,
  max_attempts      integer NOT NULL,
  lease_until       timestamptz,
  last_status_code  integer,
  last_duration_ms  integer,
  last_error        text NOT NULL DEFAULT '',
  created_at        timestamptz NOT NULL DEFAULT now(),
  finished_at       timestamptz
);
CREATE INDEX webhook_delivery_hook ON webhook_delivery (webhook_id, created_at DESC);
CREATE INDEX webhook_delivery_open ON webhook_delivery (status) WHERE status IN ('pending', 'sending');

CREATE TABLE webhook_attempt (
  id           bigserial PRIMARY KEY,
  delivery_id  bigint NOT NULL REFERENCES webhook_delivery(id) ON DELETE CASCADE,
  attempt      integer NOT NULL,
  status_code  integer,
  duration_ms  integer NOT NULL,
  error        text NOT NULL DEFAULT '',
  created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX webhook_attempt_delivery ON webhook_attempt (delivery_id, attempt);
