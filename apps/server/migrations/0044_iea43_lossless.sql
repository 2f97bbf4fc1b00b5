-- Issue 44 §1: IEA Task 43 without loss. MastHub's channel configurations stay the operational model; what
-- Task 43 says and MastHub had no place for is added beside the rows it belongs to.

-- A channel is a Task 43 column of a measurement point: the point's height and its reference (heights below
-- sea level allowed where the reference is not the ground), the height the logger was programmed with, every
-- Task 43 statistic (ti, gust, count, quality…) and the point's, config's and column's other properties as
-- they came (jsonb, validated by ZChannelIea43 on the way in; null for a channel typed in MastHub).
ALTER TABLE channel_config_channel DROP CONSTRAINT IF EXISTS channel_config_channel_statistic_check;
ALTER TABLE channel_config_channel DROP CONSTRAINT IF EXISTS channel_config_channel_height_m_check;
ALTER TABLE channel_config_channel
  ADD CONSTRAINT channel_config_channel_statistic_check CHECK (statistic IN (
    'mean', 'max', 'min', 'sd', 'count', 'availability', 'quality', 'sum', 'median', 'mode', 'range', 'gust',
    'ti', 'ti30sec', 'text')),
  ADD COLUMN height_reference text NOT NULL DEFAULT '' CHECK (height_reference IN (
    '', 'ground_level', 'mean_sea_level', 'sea_level', 'lowest_astronomical_tide', 'sea_floor', 'other')),
  ADD COLUMN logger_height_m double precision,
  ADD COLUMN iea43 jsonb,
  ADD CONSTRAINT channel_config_channel_height_m_check CHECK (
    height_m IS NULL OR height_m >= 0 OR height_reference NOT IN ('', 'ground_level'));

-- Every logger of a site with its history (Task 43 logger_main_config): the clock (offset from UTC), the
-- averaging period and the period-end convention say how its files' and the configurations' dates read.
CREATE TABLE station_logger (
  id                          bigserial PRIMARY KEY,
  station_id                  bigint NOT NULL REFERENCES station(id) ON DELETE CASCADE,
  position                    integer NOT NULL,
  logger_oem_id               text NOT NULL DEFAULT '' CHECK (length(logger_oem_id) <= 100),
  logger_model_name           text NOT NULL DEFAULT '' CHECK (length(logger_model_name) <= 100),
  logger_serial_number        text NOT NULL DEFAULT '' CHECK (length(logger_serial_number) <= 100),
  logger_firmware_version     text NOT NULL DEFAULT '' CHECK (length(logger_firmware_version) <= 100),
  logger_id                   text NOT NULL DEFAULT '' CHECK (length(logger_id) <= 100),
  logger_name                 text NOT NULL DEFAULT '' CHECK (length(logger_name) <= 100),
  offset_from_utc_hrs         double precision,
  averaging_period_minutes    double precision,
  timestamp_is_end_of_period  boolean,
  date_from                   timestamptz NOT NULL,
  date_to                     timestamptz,
  -- The logger's other Task 43 properties (sampling rate, lidar_config, notes, update_at…) as they came.
  properties                  jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at                  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX station_logger_station ON station_logger (station_id, position);

-- The document's and measurement location's properties MastHub has no column for (uuid, plant_type, licence,
-- mast_properties, vertical_profiler_properties, model_config, notes, update_at…), as the last import gave
-- them, and the points kept as metadata only (no channel), each at its place in the file.
CREATE TABLE station_iea43 (
  station_id      bigint PRIMARY KEY REFERENCES station(id) ON DELETE CASCADE,
  document        jsonb NOT NULL DEFAULT '{}'::jsonb,
  location        jsonb NOT NULL DEFAULT '{}'::jsonb,
  kept_points     jsonb NOT NULL DEFAULT '[]'::jsonb,
  imported_at     timestamptz NOT NULL DEFAULT now()
);
