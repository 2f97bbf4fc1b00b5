-- Issue 17: download applications with approval (site list → /systemManage/applyManage) and the hub.

-- A user's application for the data of sites they may see (SPEC §3 download application). The reviewer
-- (feature system.apply) decides (SPEC §4: pending → approved | rejected); an approved application is
-- exported once in the background and delivered as a signed, expiring link for the applicant only.
CREATE TABLE download_application (
  id               bigserial PRIMARY KEY,
  -- SET NULL: an application and its download log outlive the account (audit).
  applicant_id     bigint REFERENCES app_user(id) ON DELETE SET NULL,
  applicant_name   text NOT NULL DEFAULT '',
  company_name     text NOT NULL DEFAULT '',
  group_name       text NOT NULL DEFAULT '',
  -- SPEC §9 export formats: 0 raw originals, 1 time series csv, 2 .tim, 3 .tws, 4 Windographer .txt, 5 .tab.
  file_type        smallint NOT NULL CHECK (file_type BETWEEN 0 AND 5),
  start_time       timestamptz NOT NULL,
  end_time         timestamptz NOT NULL CHECK (end_time >= start_time),
  -- Which version of each site: its original data, or its most recently changed working version.
  version_mode     text NOT NULL DEFAULT 'original' CHECK (version_mode IN ('original', 'latest')),
  apply_reason     text NOT NULL CHECK (length(apply_reason) BETWEEN 1 AND 50),
  to_addr          text NOT NULL,
  language         text NOT NULL DEFAULT 'zh' CHECK (language IN ('zh', 'en')),
  utc_offset_minutes integer NOT NULL DEFAULT 480,
  audit_status     text NOT NULL DEFAULT 'pending' CHECK (audit_status IN ('pending', 'approved', 'rejected')),
  reviewer_id      bigint REFERENCES app_user(id) ON DELETE SET NULL,
  reviewer_name    text NOT NULL DEFAULT '',
  review_comment   text NOT NULL DEFAULT '',
  review_time      timestamptz,
  -- The export of an approved application: queued → running → ready | failed (reason in its language).
  export_status    text CHECK (export_status IN ('queued', 'running', 'ready', 'failed')),
  export_progress  smallint NOT NULL DEFAULT 0 CHECK (export_progress BETWEEN 0 AND 100),
  export_reason    text NOT NULL DEFAULT '',
  -- Sites left out of the export (no data in the scope), with the reason.
  export_notes     jsonb NOT NULL DEFAULT '[]',
  file_name        text,
  file_sha256      char(64) CHECK (file_sha256 ~ '^[0-9a-f]{64}$'),
  file_size        bigint,
  link_expires_at  timestamptz,
  link_revoked_at  timestamptz,
  -- The address links point at: PUBLIC_URL, else the address the reviewer reached the app at.
  link_base        text NOT NULL DEFAULT '',
  -- The e-mail data source that sends the notices (chosen at review; the first able to send by default).
  data_source_id   bigint REFERENCES data_source(id) ON DELETE SET NULL,
  mail_id          bigint REFERENCES mail_send_log(id) ON DELETE SET NULL,
  created_at       timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now()
);
-- Pending first, then newest: the reviewer's list.
CREATE INDEX download_application_review ON download_application ((audit_status <> 'pending'), created_at DESC);
CREATE INDEX download_application_applicant ON download_application (applicant_id, created_at DESC);

-- The sites of an application (the reviewer sees an application only when they may see all of them).
CREATE TABLE download_application_station (
  application_id  bigint NOT NULL REFERENCES download_application(id) ON DELETE CASCADE,
  station_id      bigint NOT NULL REFERENCES station(id) ON DELETE CASCADE,
  position        integer NOT NULL DEFAULT 0,
  PRIMARY KEY (application_id, station_id)
);
CREATE INDEX download_application_station_station ON download_application_station (station_id);

-- Every download of an application's file (who, when, from where, how).
CREATE TABLE download_log (
  id              bigserial PRIMARY KEY,
  application_id  bigint NOT NULL REFERENCES download_application(id) ON DELETE CASCADE,
  user_id         bigint REFERENCES app_user(id) ON DELETE SET NULL,
  user_name       text NOT NULL DEFAULT '',
  ip              text NOT NULL DEFAULT '',
  user_agent      text NOT NULL DEFAULT '',
  via             text NOT NULL CHECK (via IN ('link', 'app')),
  created_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX download_log_application ON download_log (application_id, created_at DESC);

-- Data recovery of a site per UTC day, kept by ingestion from the original version's wind speed means
-- (the mean over heights of the valid 10-minute values, as the group reports count them), so the hub
-- answers "recovery of the last 7 / 30 days" across thousands of sites from an index, never from series.
CREATE TABLE station_day (
  station_id      bigint NOT NULL REFERENCES station(id) ON DELETE CASCADE,
  day             date NOT NULL,
  valid_slots     real NOT NULL CHECK (valid_slots >= 0),
  expected_slots  integer NOT NULL CHECK (expected_slots > 0),
  PRIMARY KEY (station_id, day)
);
CREATE INDEX station_day_day ON station_day (day, station_id);

-- Each site's recovery sums over the hub's two windows (the 7 and 30 whole UTC days before window_to),
-- so the hub reads 10 000 rows instead of summing 300 000: a site's row is rewritten with its days, and
-- all rows roll forward once a day (the first hub call or the daily job, whichever comes first).
CREATE TABLE station_recovery (
  station_id      bigint PRIMARY KEY REFERENCES station(id) ON DELETE CASCADE,
  window_to       date NOT NULL,
  valid7          real NOT NULL DEFAULT 0,
  valid30         real NOT NULL DEFAULT 0,
  expected_slots  integer NOT NULL DEFAULT 144
);
CREATE INDEX station_recovery_window ON station_recovery (window_to);

-- Hub look-ups: open alarms by type and age, repairs in progress, files of the last 24 h.
CREATE INDEX alarm_open ON alarm (created_at) WHERE is_open;
CREATE INDEX repair_record_open ON repair_record (created_at) WHERE NOT is_closed;
CREATE INDEX raw_file_created ON raw_file (created_at DESC);

-- Notices of download applications go through the send log too.
ALTER TABLE mail_send_log DROP CONSTRAINT mail_send_log_kind_check;
ALTER TABLE mail_send_log ADD CONSTRAINT mail_send_log_kind_check
  CHECK (kind IN ('repair', 'reminder_warn', 'reminder_report', 'alarm', 'report', 'apply'));
