-- Issue 28: reference series of the long-term correction workbench (WIND-ANALYSIS §13). A reanalysis or
-- mesoscale time series (MERRA-2 / ERA5 CSV, Vortex text, a text .wnd, any recognised series) stored
-- unchanged with SHA-256 in the file store and read through the logger-file recognition; its stamps and
-- columns kept compactly here as the mesoscale dataset keeps them. A reference has coordinates, height,
-- time zone and source and serves every site; it is visible to whoever may view its home site
-- (station_id, the site it was uploaded from), and uploaded, edited and deleted by those who may edit it.
CREATE TABLE reference_series (
  id                 bigserial PRIMARY KEY,
  station_id         bigint NOT NULL REFERENCES station(id) ON DELETE CASCADE,
  name               text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  source             text NOT NULL CHECK (source IN ('merra2', 'era5', 'vortex', 'wnd', 'csv', 'synthetic')),
  latitude           double precision NOT NULL CHECK (latitude BETWEEN -90 AND 90),
  longitude          double precision NOT NULL CHECK (longitude BETWEEN -180 AND 180),
  height_m           double precision NOT NULL CHECK (height_m > 0),
  utc_offset_minutes integer NOT NULL DEFAULT 0,
  -- [{ fileName, sha256, sizeBytes }]
  files              jsonb NOT NULL,
  interval_minutes   double precision NOT NULL CHECK (interval_minutes > 0),
  first_time         timestamptz,
  last_time          timestamptz,
  record_count       integer NOT NULL DEFAULT 0,
  -- [{ key, name, element ('ws'|'wd'|'T'|'p'), heightM, unit }]: the columns found
  channels           jsonb NOT NULL DEFAULT '[]',
  -- Row times (UTC ms, Float64 little-endian) shared by the columns of reference_series_column.
  times              bytea NOT NULL,
  uploader_id        bigint REFERENCES app_user(id) ON DELETE SET NULL,
  uploader_name      text NOT NULL DEFAULT '',
  created_at         timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX reference_series_station ON reference_series (station_id, created_at DESC);
CREATE INDEX reference_series_files ON reference_series USING gin (files jsonb_path_ops);

-- One value column of a reference (Float32 little-endian, NaN missing), in row order of `times`.
CREATE TABLE reference_series_column (
  reference_id bigint NOT NULL REFERENCES reference_series(id) ON DELETE CASCADE,
  key          text NOT NULL,
  "values"     bytea NOT NULL,
  PRIMARY KEY (reference_id, key)
);
