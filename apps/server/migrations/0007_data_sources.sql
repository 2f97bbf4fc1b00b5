-- Issue 5 (part C): data sources (e-mail inboxes and FTP servers), file-match rules and what was fetched.

-- A data source (SPEC §3 Data source, /systemManage/DataFetchManage). The password or e-mail auth code
-- is encrypted at rest with AES-256-GCM (`secret`: version ‖ IV ‖ tag ‖ ciphertext, bound to the row id
-- through the authenticated context), and never leaves the server.
CREATE TABLE data_source (
  id                bigserial PRIMARY KEY,
  name              text NOT NULL CHECK (length(name) BETWEEN 1 AND 50),
  fetch_type        text NOT NULL CHECK (fetch_type IN ('email', 'ftp')),
  protocol          text NOT NULL CHECK (protocol IN ('imap', 'imaps', 'ftp', 'ftps')),
  host              text NOT NULL CHECK (length(host) BETWEEN 1 AND 255),
  port              integer NOT NULL CHECK (port BETWEEN 1 AND 65535),
  is_ssl            boolean NOT NULL DEFAULT false,
  -- E-mail address of an inbox, or the FTP user.
  username          text NOT NULL CHECK (length(username) BETWEEN 1 AND 255),
  secret            bytea,
  -- The mailbox (e-mail, e.g. INBOX) or remote folder (FTP, e.g. /) fetched besides the rules' own.
  folder            text NOT NULL DEFAULT '',
  -- Schedule: a 5-field cron expression (UTC), else every `interval_minutes`; neither = manual only.
  schedule_cron     text NOT NULL DEFAULT '',
  interval_minutes  integer CHECK (interval_minutes BETWEEN 1 AND 10080),
  is_enabled        boolean NOT NULL DEFAULT true,
  next_run_at       timestamptz,
  -- A run holds the source for itself (one run per source across processes); a stale lease expires.
  run_lease_until   timestamptz,
  last_run_at       timestamptz,
  last_run_status   text CHECK (last_run_status IN ('running', 'success', 'failed')),
  last_run_error    text NOT NULL DEFAULT '',
  last_run_summary  jsonb,
  -- IMAP: the highest UID seen per mailbox with its UIDVALIDITY, { "<mailbox>": { "validity": n, "uid": n } }.
  imap_cursor       jsonb NOT NULL DEFAULT '{}'::jsonb,
  creator_id        bigint REFERENCES app_user(id) ON DELETE SET NULL,
  created_at        timestamptz NOT NULL DEFAULT now(),
  updated_at        timestamptz NOT NULL DEFAULT now(),
  CHECK ((fetch_type = 'email') = (protocol IN ('imap', 'imaps')))
);
CREATE UNIQUE INDEX data_source_name ON data_source (lower(name));
CREATE INDEX data_source_due ON data_source (next_run_at) WHERE is_enabled;

-- A file-match rule (SPEC §3, §5): which fetched files belong to which site. Rules are tried in
-- `sort_order`; the first whose folder/inbox, conditions and file-type suffixes all match wins.
CREATE TABLE file_match_rule (
  id                    bigserial PRIMARY KEY,
  name                  text NOT NULL CHECK (length(name) BETWEEN 1 AND 50 AND name !~ '\s'),
  -- NULL: applies to every data source.
  data_source_id        bigint REFERENCES data_source(id) ON DELETE CASCADE,
  -- FTP folder the file must be under / mailbox the message must be in; not both empty (SPEC §5).
  folder                text NOT NULL DEFAULT '' CHECK (folder !~ '\s'),
  inbox                 text NOT NULL DEFAULT '' CHECK (inbox !~ '\s'),
  -- [{ "component": "fileName" | "subject" | "sender" | "folder", "operator": "prefix" | "suffix" |
  --    "contains" | "equals" | "regex", "value": "…" }], all must hold.
  conditions            jsonb NOT NULL DEFAULT '[]'::jsonb,
  -- Lower-case extensions without the dot; empty = any.
  file_type_suffixes    text[] NOT NULL DEFAULT '{}',
  -- 'fixed': every matched file goes to station_id; 'fromName': the site code is read from the name.
  station_mode          text NOT NULL CHECK (station_mode IN ('fixed', 'fromName')),
  station_id            bigint REFERENCES station(id) ON DELETE CASCADE,
  -- fromName: a regex whose first group is the code, else the code at [start, start + length) (1-based).
  station_code_regex    text NOT NULL DEFAULT '',
  station_code_start    integer NOT NULL DEFAULT 1 CHECK (station_code_start >= 1),
  station_code_length   integer NOT NULL DEFAULT 6 CHECK (station_code_length BETWEEN 1 AND 20),
  sort_order            integer NOT NULL DEFAULT 0,
  is_enabled            boolean NOT NULL DEFAULT true,
  notes                 text NOT NULL DEFAULT '',
  created_at            timestamptz NOT NULL DEFAULT now(),
  updated_at            timestamptz NOT NULL DEFAULT now(),
  CHECK (folder <> '' OR inbox <> ''),
  CHECK ((station_mode = 'fixed') = (station_id IS NOT NULL))
);
CREATE UNIQUE INDEX file_match_rule_name ON file_match_rule (lower(name));
CREATE INDEX file_match_rule_source ON file_match_rule (data_source_id);
CREATE INDEX file_match_rule_station ON file_match_rule (station_id);

-- One fetch of a source (scheduled, manual per source, or manual per site) and what it did.
CREATE TABLE data_fetch_run (
  id              bigserial PRIMARY KEY,
  data_source_id  bigint NOT NULL REFERENCES data_source(id) ON DELETE CASCADE,
  trigger         text NOT NULL CHECK (trigger IN ('schedule', 'manual', 'station')),
  station_id      bigint REFERENCES station(id) ON DELETE SET NULL,
  user_id         bigint REFERENCES app_user(id) ON DELETE SET NULL,
  status          text NOT NULL CHECK (status IN ('running', 'success', 'failed')),
  error           text NOT NULL DEFAULT '',
  summary         jsonb NOT NULL DEFAULT '{}'::jsonb,
  started_at      timestamptz NOT NULL DEFAULT now(),
  finished_at     timestamptz
);
CREATE INDEX data_fetch_run_source ON data_fetch_run (data_source_id, started_at DESC);

-- What was fetched from a source: an e-mail message or an FTP file, remembered so it is fetched once,
-- across restarts. The row is written 'pending' before the content is ingested and set 'done' after;
-- a crash in between leaves it pending, and the next run fetches it again (ingestion is idempotent).
CREATE TABLE fetched_item (
  id              bigserial PRIMARY KEY,
  data_source_id  bigint NOT NULL REFERENCES data_source(id) ON DELETE CASCADE,
  -- e-mail: 'imap:<mailbox>:<uidvalidity>:<uid>'; FTP: 'ftp:<path>:<size>:<mtime>'.
  item_key        text NOT NULL,
  kind            text NOT NULL CHECK (kind IN ('email', 'ftp')),
  mailbox         text NOT NULL DEFAULT '',
  uid             bigint,
  message_id      text NOT NULL DEFAULT '',
  subject         text NOT NULL DEFAULT '',
  sender          text NOT NULL DEFAULT '',
  remote_path     text NOT NULL DEFAULT '',
  size_bytes      bigint,
  status          text NOT NULL CHECK (status IN ('pending', 'done')),
  attempts        integer NOT NULL DEFAULT 1,
  error           text NOT NULL DEFAULT '',
  created_at      timestamptz NOT NULL DEFAULT now(),
  updated_at      timestamptz NOT NULL DEFAULT now(),
  UNIQUE (data_source_id, item_key)
);
CREATE INDEX fetched_item_pending ON fetched_item (data_source_id) WHERE status = 'pending';
CREATE INDEX fetched_item_message_id ON fetched_item (data_source_id, message_id) WHERE message_id <> '';

-- Each file a fetched item carried (an attachment or the FTP file), its match and its ingestion result.
-- Files no rule matched are kept with station_id NULL and listed as unmatched.
CREATE TABLE fetched_file (
  id              bigserial PRIMARY KEY,
  item_id         bigint NOT NULL REFERENCES fetched_item(id) ON DELETE CASCADE,
  data_source_id  bigint NOT NULL REFERENCES data_source(id) ON DELETE CASCADE,
  -- The attachment's place in the message (0 for an FTP file).
  position        integer NOT NULL DEFAULT 0,
  file_name       text NOT NULL,
  size_bytes      bigint NOT NULL,
  rule_id         bigint REFERENCES file_match_rule(id) ON DELETE SET NULL,
  station_id      bigint REFERENCES station(id) ON DELETE SET NULL,
  is_matched      boolean NOT NULL,
  raw_file_id     bigint,
  -- parsed | failed | stored_not_parsed | duplicate | error (ingestion threw)
  ingest_status   text NOT NULL,
  reason          text NOT NULL DEFAULT '',
  created_at      timestamptz NOT NULL DEFAULT now(),
  UNIQUE (item_id, position)
);
CREATE INDEX fetched_file_source ON fetched_file (data_source_id, created_at DESC);
CREATE INDEX fetched_file_station ON fetched_file (station_id, created_at DESC);
CREATE INDEX fetched_file_unmatched ON fetched_file (created_at DESC) WHERE NOT is_matched;
