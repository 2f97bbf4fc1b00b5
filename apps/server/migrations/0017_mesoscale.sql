-- Issue 16: wind source assessment (/report/windSourceAssement). A mesoscale dataset of a site: the files
-- as uploaded (a zip or several files; SPEC §5: one must be a .wnd), stored unchanged with SHA-256; when
-- the .wnd is a readable text time series its channels are kept here for the scaling, else it is stored
-- and reported as such (IMPORTS.md §6.10).
CREATE TABLE mesoscale_dataset (
  id                bigserial PRIMARY KEY,
  station_id        bigint NOT NULL REFERENCES station(id) ON DELETE CASCADE,
  name              text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  files             jsonb NOT NULL,
  wnd_sha256        text NOT NULL CHECK (wnd_sha256 ~ '^[0-9a-f]{64}$'),
  status            text NOT NULL CHECK (status IN ('parsed', 'stored')),
  reason            text NOT NULL DEFAULT '',
  utc_offset_minutes integer NOT NULL DEFAULT 0,
  interval_minutes  double precision,
  first_time        timestamptz,
  last_time         timestamptz,
  record_count      integer NOT NULL DEFAULT 0,
  -- [{ key, name, element ('ws'|'wd'|…), heightM, unit }]
  channels          jsonb NOT NULL DEFAULT '[]',
  -- Row times (UTC ms, Float64 little-endian) shared by the channels below.
  times             bytea,
  uploader_id       bigint REFERENCES app_user(id) ON DELETE SET NULL,
  uploader_name     text NOT NULL DEFAULT '',
  created_at        timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX mesoscale_dataset_station ON mesoscale_dataset (station_id, created_at DESC);

-- One value column of a parsed dataset (Float32 little-endian, NaN missing), in row order of `times`.
CREATE TABLE mesoscale_channel (
  dataset_id   bigint NOT NULL REFERENCES mesoscale_dataset(id) ON DELETE CASCADE,
  key          text NOT NULL,
  "values"     bytea NOT NULL,
  PRIMARY KEY (dataset_id, key)
);

-- A scaling of a dataset against a measured version (temp_data_scale_calculate), and the version it
-- generated (temp_data_scale_generate), kept so the page lists results per site.
CREATE TABLE mesoscale_result (
  id                    bigserial PRIMARY KEY,
  dataset_id            bigint NOT NULL REFERENCES mesoscale_dataset(id) ON DELETE CASCADE,
  station_id            bigint NOT NULL REFERENCES station(id) ON DELETE CASCADE,
  version_id            bigint REFERENCES dataset_version(id) ON DELETE SET NULL,
  params                jsonb NOT NULL,
  summary               jsonb NOT NULL,
  generated_version_id  bigint REFERENCES dataset_version(id) ON DELETE SET NULL,
  creator_id            bigint REFERENCES app_user(id) ON DELETE SET NULL,
  creator_name          text NOT NULL DEFAULT '',
  created_at            timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX mesoscale_result_station ON mesoscale_result (station_id, created_at DESC);
