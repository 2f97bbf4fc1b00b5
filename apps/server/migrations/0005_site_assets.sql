-- Issue 4 (part B): what a site keeps besides its fields — attachments, logger/SIM password records and
-- channel configurations over time. Each table references only station and app_user.

-- Site attachments (SPEC §2 StationInfo). The bytes live in the content-addressed file store under
-- their SHA-256 (DESIGN §3); equal files share one blob, removed when the last row naming it goes.
CREATE TABLE station_attachment (
  id             bigserial PRIMARY KEY,
  station_id     bigint NOT NULL REFERENCES station(id) ON DELETE CASCADE,
  file_name      text NOT NULL CHECK (length(file_name) BETWEEN 1 AND 255),
  extension      text NOT NULL CHECK (extension IN ('docx', 'pdf', 'xls', 'xlsx')),
  content_type   text NOT NULL,
  size_bytes     bigint NOT NULL CHECK (size_bytes >= 0),
  sha256         char(64) NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  uploader_id    bigint REFERENCES app_user(id) ON DELETE SET NULL,
  uploader_name  text NOT NULL,
  created_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX station_attachment_station ON station_attachment (station_id, created_at DESC);
CREATE INDEX station_attachment_sha256 ON station_attachment (sha256);

-- Logger and SIM password history of a site. The password is encrypted at rest with AES-256-GCM:
-- `secret` holds version (1 byte) ‖ IV (12) ‖ auth tag (16) ‖ ciphertext, bound to the station id.
CREATE TABLE station_password_record (
  id              bigserial PRIMARY KEY,
  station_id      bigint NOT NULL REFERENCES station(id) ON DELETE CASCADE,
  kind            text NOT NULL CHECK (kind IN ('logger', 'sim', 'other')),
  target          text NOT NULL DEFAULT '',
  secret          bytea NOT NULL,
  effective_time  timestamptz NOT NULL DEFAULT now(),
  notes           text NOT NULL DEFAULT '',
  creator_id      bigint REFERENCES app_user(id) ON DELETE SET NULL,
  creator_name    text NOT NULL,
  created_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX station_password_record_station ON station_password_record (station_id, effective_time DESC);

-- Channel configurations (SPEC §3): a configuration is in force from effective_from until the next
-- one of its site, so adding one never rewrites the past.
CREATE TABLE channel_config (
  id              bigserial PRIMARY KEY,
  station_id      bigint NOT NULL REFERENCES station(id) ON DELETE CASCADE,
  name            text NOT NULL,
  effective_from  timestamptz NOT NULL,
  notes           text NOT NULL DEFAULT '',
  updater_id      bigint REFERENCES app_user(id) ON DELETE SET NULL,
  updater_name    text NOT NULL,
  created_at      timestamptz NOT NULL DEFAULT now(),
  updated_at      timestamptz NOT NULL DEFAULT now(),
  UNIQUE (station_id, effective_from)
);

CREATE TABLE channel_config_channel (
  id                   bigserial PRIMARY KEY,
  config_id            bigint NOT NULL REFERENCES channel_config(id) ON DELETE CASCADE,
  position             integer NOT NULL,
  channel_name         text NOT NULL,
  element              text NOT NULL,
  measurement_type     text NOT NULL DEFAULT '',
  height_m             double precision CHECK (height_m >= 0),
  tag                  text NOT NULL DEFAULT '',
  data_key             text NOT NULL,
  unit                 text NOT NULL DEFAULT '',
  statistic            text NOT NULL CHECK (statistic IN ('mean', 'max', 'min', 'sd')),
  boom_orientation_deg double precision CHECK (boom_orientation_deg BETWEEN 0 AND 360),
  sensor_make          text NOT NULL DEFAULT '',
  sensor_model         text NOT NULL DEFAULT '',
  sensor_serial        text NOT NULL DEFAULT '',
  vane_offset_deg      double precision,
  calibration_slope    double precision,
  calibration_offset   double precision
);
CREATE INDEX channel_config_channel_config ON channel_config_channel (config_id, position);
CREATE UNIQUE INDEX channel_config_channel_data_key ON channel_config_channel (config_id, lower(data_key));
