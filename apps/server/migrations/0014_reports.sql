-- Issue 15: group reports (周报 / 月报): templates, groups of sites, generated reports and their files.

-- A report template (SPEC §7 /web/statement/templates, type 0 weekly / 1 monthly): which sections a
-- report has, in order. Built-in templates cannot be deleted.
CREATE TABLE report_template (
  id          bigserial PRIMARY KEY,
  type        smallint NOT NULL CHECK (type IN (0, 1)),
  name        text NOT NULL CHECK (length(name) BETWEEN 1 AND 50),
  sections    text[] NOT NULL,
  is_builtin  boolean NOT NULL DEFAULT false,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX report_template_name ON report_template (type, lower(name));
INSERT INTO report_template (type, name, sections, is_builtin) VALUES
  (0, '标准周报', '{summary,recovery_chart,sites,alarms,repairs}', true),
  (0, '简要周报', '{summary,sites}', true),
  (1, '标准月报', '{summary,recovery_chart,sites,speed_chart,alarms,repairs}', true),
  (1, '简要月报', '{summary,sites,alarms}', true);

-- A report group (SPEC §3 group report): sites reported on together, weekly and/or monthly, generated on
-- a schedule (`week` = ISO weekday 1–7 for weekly reports, `month_day` = day 1–28 of the next month for
-- monthly ones, at `generate_time` Beijing time) or on demand, and e-mailed when `auto_send`.
CREATE TABLE report_group (
  id                   bigserial PRIMARY KEY,
  name                 text NOT NULL CHECK (length(name) BETWEEN 1 AND 50),
  creator_id           bigint REFERENCES app_user(id) ON DELETE SET NULL,
  effective_start      date NOT NULL,
  effective_end        date NOT NULL CHECK (effective_end >= effective_start),
  report_types         text[] NOT NULL CHECK (report_types <@ ARRAY['weekly', 'monthly'] AND cardinality(report_types) > 0),
  weekly_template_id   bigint REFERENCES report_template(id) ON DELETE SET NULL,
  monthly_template_id  bigint REFERENCES report_template(id) ON DELETE SET NULL,
  auto_generate        boolean NOT NULL DEFAULT true,
  auto_send            boolean NOT NULL DEFAULT false,
  generate_time        text NOT NULL DEFAULT '08:00' CHECK (generate_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
  week                 smallint NOT NULL DEFAULT 1 CHECK (week BETWEEN 1 AND 7),
  month_day            smallint NOT NULL DEFAULT 1 CHECK (month_day BETWEEN 1 AND 28),
  data_source_id       bigint REFERENCES data_source(id) ON DELETE SET NULL,
  receiver_addrs       text[] NOT NULL DEFAULT '{}',
  copy_addrs           text[] NOT NULL DEFAULT '{}',
  language             text NOT NULL DEFAULT 'zh' CHECK (language IN ('zh', 'en')),
  created_at           timestamptz NOT NULL DEFAULT now(),
  updated_at           timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX report_group_name ON report_group (lower(name));

CREATE TABLE report_group_station (
  group_id    bigint NOT NULL REFERENCES report_group(id) ON DELETE CASCADE,
  station_id  bigint NOT NULL REFERENCES station(id) ON DELETE CASCADE,
  PRIMARY KEY (group_id, station_id)
);
CREATE INDEX report_group_station_station ON report_group_station (station_id);

-- A generated report of a group (SPEC §3 group report list row). One per group × type × period: the
-- unique index is what makes a scheduled slot generate once across processes.
CREATE TABLE group_report (
  id              bigserial PRIMARY KEY,
  group_id        bigint NOT NULL REFERENCES report_group(id) ON DELETE CASCADE,
  statement_type  text NOT NULL CHECK (statement_type IN ('weekly', 'monthly')),
  period_start    timestamptz NOT NULL,
  period_end      timestamptz NOT NULL,
  status          text NOT NULL DEFAULT 'generating' CHECK (status IN ('generating', 'success', 'failure')),
  reason          text NOT NULL DEFAULT '',
  language        text NOT NULL DEFAULT 'zh' CHECK (language IN ('zh', 'en')),
  docx_sha256     text,
  docx_size       bigint,
  pdf_sha256      text,
  pdf_size        bigint,
  trigger         text NOT NULL DEFAULT 'schedule' CHECK (trigger IN ('schedule', 'manual')),
  created_by      bigint REFERENCES app_user(id) ON DELETE SET NULL,
  generate_time   timestamptz,
  send_time       timestamptz,
  mail_id         bigint REFERENCES mail_send_log(id) ON DELETE SET NULL,
  created_at      timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX group_report_slot ON group_report (group_id, statement_type, period_start);
CREATE INDEX group_report_group ON group_report (group_id, period_start DESC);

-- A report e-mail carries its file: the send log keeps what to attach (a stored file by SHA-256).
ALTER TABLE mail_send_log ADD COLUMN attachments jsonb NOT NULL DEFAULT '[]';
ALTER TABLE mail_send_log DROP CONSTRAINT mail_send_log_kind_check;
ALTER TABLE mail_send_log ADD CONSTRAINT mail_send_log_kind_check
  CHECK (kind IN ('repair', 'reminder_warn', 'reminder_report', 'alarm', 'report'));
