-- Issue 5 (part B): parse rules, raw files and the time-series store (DESIGN §3).

-- Parse rules (SPEC §3): how a text logger file is read. Rows and columns are 1-based.
CREATE TABLE parse_rule (
  id                       bigserial PRIMARY KEY,
  name                     text NOT NULL CHECK (length(name) BETWEEN 1 AND 50),
  encoding                 text NOT NULL DEFAULT 'utf-8',
  field_start_row          integer NOT NULL DEFAULT 1 CHECK (field_start_row >= 0),
  field_delimiter          text NOT NULL DEFAULT ',' CHECK (field_delimiter IN (',', ';', E'\t', ' ')),
  data_start_row           integer NOT NULL DEFAULT 2 CHECK (data_start_row >= 1),
  data_delimiter           text NOT NULL DEFAULT ',' CHECK (data_delimiter IN (',', ';', E'\t', ' ')),
  data_start_column        integer NOT NULL DEFAULT 2 CHECK (data_start_column >= 1),
  date_start_column        integer NOT NULL DEFAULT 1 CHECK (date_start_column >= 1),
  date_end_column          integer NOT NULL DEFAULT 1 CHECK (date_end_column >= date_start_column),
  date_format              text NOT NULL DEFAULT 'YYYY-MM-DD HH:mm:ss',
  missing_value            text NOT NULL DEFAULT '',
  utc_offset_minutes       integer NOT NULL DEFAULT 0 CHECK (utc_offset_minutes BETWEEN -840 AND 840),
  timestamp_is_period_end  boolean NOT NULL DEFAULT false,
  decimal_separator        text NOT NULL DEFAULT '.' CHECK (decimal_separator IN ('.', ',')),
  interval_minutes         double precision CHECK (interval_minutes > 0),
  -- Per-column channel mapping (recognised channels as edited): [{ column, name, element, heightM, statistic, unit, dataKey, tag }].
  channels                 jsonb NOT NULL DEFAULT '[]'::jsonb,
  notes                    text NOT NULL DEFAULT '',
  updater_id               bigint REFERENCES app_user(id) ON DELETE SET NULL,
  updater_name             text NOT NULL DEFAULT '',
  created_at               timestamptz NOT NULL DEFAULT now(),
  updated_at               timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX parse_rule_name ON parse_rule (lower(name));

ALTER TABLE station ADD COLUMN parse_rule_id bigint REFERENCES parse_rule(id) ON DELETE RESTRICT;
CREATE INDEX station_parse_rule ON station (parse_rule_id) WHERE parse_rule_id IS NOT NULL;

-- Every raw file (upload, e-mail attachment, FTP download, seed), parsed or not. The bytes are in the
-- content-addressed file store under sha256. One row per (site, content): the same content for the
-- same site again is a duplicate. (source, source_ref) is unique so a fetched item is fetched once.
CREATE TABLE raw_file (
  id              bigserial PRIMARY KEY,
  sha256          char(64) NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  file_name       text NOT NULL CHECK (length(file_name) BETWEEN 1 AND 255),
  size_bytes      bigint NOT NULL CHECK (size_bytes >= 0),
  station_id      bigint REFERENCES station(id) ON DELETE CASCADE,
  source          text NOT NULL CHECK (source IN ('upload', 'email', 'ftp', 'seed')),
  source_ref      text,
  status          text NOT NULL DEFAULT 'pending'
                  CHECK (status IN ('pending', 'parsing', 'parsed', 'failed', 'stored_not_parsed')),
  progress        smallint NOT NULL DEFAULT 0 CHECK (progress BETWEEN 0 AND 100),
  reason_key      text,
  reason          text,
  reason_details  jsonb,
  recognized_kind text,
  -- The parse rule as applied (or to apply: a confirmed preview's edited rule), so a later rule edit
  -- does not change what a parsed file meant.
  rule_snapshot   jsonb,
  first_time      timestamptz,
  last_time       timestamptz,
  value_count     bigint NOT NULL DEFAULT 0,
  uploader_id     bigint REFERENCES app_user(id) ON DELETE SET NULL,
  uploader_name   text NOT NULL DEFAULT '',
  created_at      timestamptz NOT NULL DEFAULT now(),
  parsed_at       timestamptz
);
CREATE UNIQUE INDEX raw_file_station_sha256 ON raw_file (coalesce(station_id, 0), sha256);
CREATE UNIQUE INDEX raw_file_source_ref ON raw_file (source, source_ref) WHERE source_ref IS NOT NULL;
CREATE INDEX raw_file_station ON raw_file (station_id, created_at DESC);
CREATE INDEX raw_file_unfinished ON raw_file (id) WHERE status IN ('pending', 'parsing');

-- An uploaded file waiting for its recognition to be confirmed (preview_recognize → recognize).
CREATE TABLE parse_preview (
  token        uuid PRIMARY KEY,
  sha256       char(64) NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  file_name    text NOT NULL,
  size_bytes   bigint NOT NULL,
  user_id      bigint NOT NULL REFERENCES app_user(id) ON DELETE CASCADE,
  station_id   bigint REFERENCES station(id) ON DELETE CASCADE,
  recognition  jsonb NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX parse_preview_created ON parse_preview (created_at);

-- Dataset versions (SPEC §3): the original version of a site is written only by ingestion and is
-- view-only; processing works on copies (kind 'working').
CREATE TABLE dataset_version (
  id                 bigserial PRIMARY KEY,
  station_id         bigint NOT NULL REFERENCES station(id) ON DELETE CASCADE,
  name               text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  kind               text NOT NULL CHECK (kind IN ('original', 'working')),
  is_view_only       boolean NOT NULL DEFAULT false,
  source_version_id  bigint REFERENCES dataset_version(id) ON DELETE SET NULL,
  lineage            jsonb NOT NULL DEFAULT '[]'::jsonb,
  created_by         bigint REFERENCES app_user(id) ON DELETE SET NULL,
  created_at         timestamptz NOT NULL DEFAULT now(),
  CHECK (kind <> 'original' OR is_view_only)
);
CREATE UNIQUE INDEX dataset_version_original ON dataset_version (station_id) WHERE kind = 'original';
CREATE INDEX dataset_version_station ON dataset_version (station_id, id);

-- The channels of a version. data_key matches the site's channel configuration (channel_config_channel).
CREATE TABLE ts_channel (
  id          bigserial PRIMARY KEY,
  version_id  bigint NOT NULL REFERENCES dataset_version(id) ON DELETE CASCADE,
  data_key    text NOT NULL,
  name        text NOT NULL,
  element     text NOT NULL DEFAULT '',
  height_m    double precision,
  statistic   text NOT NULL DEFAULT 'mean',
  unit        text NOT NULL DEFAULT '',
  interval_s  integer NOT NULL CHECK (interval_s > 0),
  position    integer NOT NULL DEFAULT 0,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX ts_channel_key ON ts_channel (version_id, lower(data_key));

-- One row per (version, channel, month): the month's dense time grid (month start UTC + k·interval_s),
-- values as Float32 LE (NaN = missing), flags as Uint8 (DESIGN §3) and, for the original version, the
-- index (Uint16 LE, 0xFFFF none) into source_shas of the raw file each value came from — the merge rule
-- needs it; NULL when a single file supplied every value (index 0 where a value is present). Each array
-- is deflated (node:zlib). first/last_time are the first and last present values.
CREATE TABLE ts_chunk (
  version_id   bigint NOT NULL REFERENCES dataset_version(id) ON DELETE CASCADE,
  channel_id   bigint NOT NULL REFERENCES ts_channel(id) ON DELETE CASCADE,
  month_start  timestamptz NOT NULL,
  interval_s   integer NOT NULL CHECK (interval_s > 0),
  slot_count   integer NOT NULL CHECK (slot_count > 0),
  value_count  integer NOT NULL CHECK (value_count >= 0),
  first_time   timestamptz,
  last_time    timestamptz,
  "values"     bytea NOT NULL,
  flags        bytea NOT NULL,
  sources      bytea,
  source_shas  text[] NOT NULL DEFAULT '{}',
  updated_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (version_id, channel_id, month_start)
);
CREATE INDEX ts_chunk_channel ON ts_chunk (channel_id, month_start);
-- The arrays are deflated already: keep TOAST from trying to compress them again.
ALTER TABLE ts_chunk ALTER COLUMN "values" SET STORAGE EXTERNAL;
ALTER TABLE ts_chunk ALTER COLUMN flags SET STORAGE EXTERNAL;
ALTER TABLE ts_chunk ALTER COLUMN sources SET STORAGE EXTERNAL;

-- Per-version summary, kept in the same transaction as the chunks: "last data time" without chunks.
CREATE TABLE ts_version_summary (
  version_id     bigint PRIMARY KEY REFERENCES dataset_version(id) ON DELETE CASCADE,
  first_time     timestamptz,
  last_time      timestamptz,
  channel_count  integer NOT NULL DEFAULT 0,
  chunk_count    integer NOT NULL DEFAULT 0,
  value_count    bigint NOT NULL DEFAULT 0,
  updated_at     timestamptz NOT NULL DEFAULT now()
);
