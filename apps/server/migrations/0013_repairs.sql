-- Issue 14 (second half): sending e-mail, contacts, repair requests and records, reminders, send log.

-- SMTP settings of an e-mail data source (used as the sender of repair requests, reminders and reports).
-- The SMTP password is sealed like the IMAP one, under its own context, and bound to its server and
-- account: changing the SMTP host, port, security or account drops it unless a new one is given.
ALTER TABLE data_source ADD COLUMN smtp_host text NOT NULL DEFAULT '';
ALTER TABLE data_source ADD COLUMN smtp_port integer CHECK (smtp_port BETWEEN 1 AND 65535);
ALTER TABLE data_source ADD COLUMN smtp_security text NOT NULL DEFAULT 'tls'
  CHECK (smtp_security IN ('tls', 'starttls', 'none'));
ALTER TABLE data_source ADD COLUMN smtp_username text NOT NULL DEFAULT '';
ALTER TABLE data_source ADD COLUMN smtp_secret bytea;

-- The address book of a company (SPEC §7 contacts): type 1 = report and reminder recipients, type 2 =
-- repair recipients (maintenance contractors); `function` says what the contact does (运维单位…).
CREATE TABLE contact (
  id          bigserial PRIMARY KEY,
  company_id  bigint REFERENCES company(id) ON DELETE CASCADE,
  type        smallint NOT NULL CHECK (type IN (1, 2)),
  name        text NOT NULL CHECK (length(name) BETWEEN 1 AND 50),
  email       text NOT NULL CHECK (length(email) BETWEEN 3 AND 255),
  phone       text NOT NULL DEFAULT '',
  function    text NOT NULL DEFAULT '',
  creator_id  bigint REFERENCES app_user(id) ON DELETE SET NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX contact_unique_email ON contact (coalesce(company_id, 0), type, lower(email));

-- A user's own carbon-copy addresses, added to every repair request they send.
CREATE TABLE user_carbon_copy (
  user_id     bigint PRIMARY KEY REFERENCES app_user(id) ON DELETE CASCADE,
  emails      text[] NOT NULL DEFAULT '{}',
  updated_at  timestamptz NOT NULL DEFAULT now()
);

-- Every e-mail the product sends (SPEC §3 alert send log): written before the attempt, in the same
-- transaction as what caused it; a job sends it and retries with back-off. `message_id` is fixed when
-- the row is written, so a resend after a crash between the SMTP reply and the status update carries the
-- same Message-ID (receivers drop the duplicate). `lease_until` keeps two workers off one row.
CREATE TABLE mail_send_log (
  id              bigserial PRIMARY KEY,
  kind            text NOT NULL CHECK (kind IN ('repair', 'reminder_warn', 'reminder_report', 'alarm')),
  data_source_id  bigint REFERENCES data_source(id) ON DELETE SET NULL,
  to_name         text NOT NULL DEFAULT '',
  to_addrs        text[] NOT NULL,
  cc_addrs        text[] NOT NULL DEFAULT '{}',
  subject         text NOT NULL,
  body_text       text NOT NULL,
  language        text NOT NULL DEFAULT 'zh' CHECK (language IN ('zh', 'en')),
  message_id      text NOT NULL UNIQUE,
  status          text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sending', 'sent', 'failed')),
  attempts        integer NOT NULL DEFAULT 0,
  max_attempts    integer NOT NULL DEFAULT 5,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  lease_until     timestamptz,
  last_error      text NOT NULL DEFAULT '',
  station_id      bigint REFERENCES station(id) ON DELETE SET NULL,
  user_id         bigint REFERENCES app_user(id) ON DELETE SET NULL,
  sent_at         timestamptz,
  created_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX mail_send_log_created ON mail_send_log (created_at DESC);
CREATE INDEX mail_send_log_due ON mail_send_log (next_attempt_at) WHERE status IN ('pending', 'sending');

-- A repair request sent for a site (SPEC §3 fault report log, /systemManage/repairList).
CREATE TABLE repair_request (
  id                 bigserial PRIMARY KEY,
  station_id         bigint NOT NULL REFERENCES station(id) ON DELETE CASCADE,
  station_code       text NOT NULL,
  project_name       text NOT NULL DEFAULT '',
  device_type        text NOT NULL DEFAULT '',
  manufacturer_name  text NOT NULL DEFAULT '',
  receiver_addrs     text[] NOT NULL,
  copy_addrs         text[] NOT NULL DEFAULT '{}',
  reason             text NOT NULL,
  period_start       timestamptz,
  period_end         timestamptz,
  operator_id        bigint REFERENCES app_user(id) ON DELETE SET NULL,
  operator_name      text NOT NULL DEFAULT '',
  group_name         text NOT NULL DEFAULT '',
  mail_id            bigint REFERENCES mail_send_log(id) ON DELETE SET NULL,
  created_at         timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX repair_request_created ON repair_request (created_at DESC);
CREATE INDEX repair_request_station ON repair_request (station_id, created_at DESC);

-- A repair of a site (SPEC §3 repair record): opened by a repair request or by hand, closed when the
-- maintainer's result is recorded. Alarms handled as "request repair" are linked to the open repair.
CREATE TABLE repair_record (
  id                 bigserial PRIMARY KEY,
  station_id         bigint NOT NULL REFERENCES station(id) ON DELETE CASCADE,
  request_id         bigint REFERENCES repair_request(id) ON DELETE SET NULL,
  fault_type         text NOT NULL DEFAULT '',
  fault_desc         text NOT NULL DEFAULT '',
  fault_start        timestamptz,
  maintain_result    text NOT NULL DEFAULT '',
  maintain_staff     text NOT NULL DEFAULT '',
  maintain_date      timestamptz,
  end_time           timestamptz,
  is_closed          boolean NOT NULL DEFAULT false,
  closed_by          bigint REFERENCES app_user(id) ON DELETE SET NULL,
  closed_at          timestamptz,
  creator_id         bigint REFERENCES app_user(id) ON DELETE SET NULL,
  creator_name       text NOT NULL DEFAULT '',
  created_at         timestamptz NOT NULL DEFAULT now(),
  updated_at         timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX repair_record_station ON repair_record (station_id, created_at DESC);
ALTER TABLE alarm ADD COLUMN repair_id bigint REFERENCES repair_record(id) ON DELETE SET NULL;

-- Interval task settings (SPEC §3, /systemManage/TimedTask): the no-data reminders.
CREATE TABLE interval_task (
  type            text PRIMARY KEY CHECK (type IN ('warn', 'report')),
  is_enabled      boolean NOT NULL DEFAULT false,
  data_source_id  bigint REFERENCES data_source(id) ON DELETE SET NULL,
  send_time       text NOT NULL DEFAULT '08:30' CHECK (send_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
  -- 'days': every `every_days` days counted from the 1st; 'lastDay': the last day of each month.
  frequency       text NOT NULL DEFAULT 'days' CHECK (frequency IN ('days', 'lastDay')),
  every_days      integer NOT NULL DEFAULT 1 CHECK (every_days BETWEEN 1 AND 31),
  time_zone       text NOT NULL DEFAULT 'Asia/Shanghai',
  cron            text NOT NULL DEFAULT '30 8 * * *',
  last_sent_at    timestamptz,
  updated_by      bigint REFERENCES app_user(id) ON DELETE SET NULL,
  updated_at      timestamptz NOT NULL DEFAULT now()
);
INSERT INTO interval_task (type) VALUES ('warn'), ('report');
