-- Issue 44 §2–3: a sensor is one record across its life (make, model, serial), with its calibrations as IEA
-- Task 43 keeps them (sensor[*].calibration[*]) and, where there is one, the certificate itself: the digital
-- calibration certificate (JSON, schema 1.1.0-2022.06) and/or its PDF in the file store. Which site, height
-- and boom a sensor was on, and when, is read from the sites' channel configurations (the channel's sensor
-- make, model and serial), so a move between masts is a configuration change on both and nothing else.

CREATE TABLE sensor (
  id               bigserial PRIMARY KEY,
  oem              text NOT NULL DEFAULT '' CHECK (length(oem) <= 100),
  model            text NOT NULL DEFAULT '' CHECK (length(model) <= 100),
  serial_number    text NOT NULL CHECK (length(serial_number) BETWEEN 1 AND 100),
  -- Task 43 sensor_type_id (anemometer, wind_vane, thermometer…), classification (e.g. "1.2A"), heated.
  sensor_type_id   text NOT NULL DEFAULT '' CHECK (length(sensor_type_id) <= 50),
  classification   text NOT NULL DEFAULT '' CHECK (length(classification) <= 50),
  is_heated        boolean,
  notes            text NOT NULL DEFAULT '' CHECK (length(notes) <= 2000),
  -- The Task 43 sensor properties MastHub does not hold in a column of its own (instrument_poi_height_mm,
  -- sensor_body_size_mm, update_at…), kept as they came so an export gives them back.
  properties       jsonb NOT NULL DEFAULT '{}'::jsonb,
  creator_id       bigint REFERENCES app_user(id) ON DELETE SET NULL,
  creator_name     text NOT NULL DEFAULT '',
  created_at       timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now()
);
-- One record per physical sensor: the same serial of the same make and model is the same sensor.
CREATE UNIQUE INDEX sensor_identity ON sensor (lower(oem), lower(model), lower(serial_number));
CREATE INDEX sensor_serial ON sensor (lower(serial_number) text_pattern_ops);

CREATE TABLE sensor_calibration (
  id                        bigserial PRIMARY KEY,
  sensor_id                 bigint NOT NULL REFERENCES sensor(id) ON DELETE CASCADE,
  -- Task 43 calibration fields.
  measurement_type_id       text NOT NULL DEFAULT '' CHECK (length(measurement_type_id) <= 50),
  slope                     double precision,
  "offset"                  double precision,
  sensitivity               double precision,
  calibration_id            text NOT NULL DEFAULT '' CHECK (length(calibration_id) <= 100),
  date_of_calibration       date,
  revision                  text NOT NULL DEFAULT '' CHECK (length(revision) <= 50),
  calibration_organisation  text NOT NULL DEFAULT '' CHECK (length(calibration_organisation) <= 200),
  place_of_calibration      text NOT NULL DEFAULT '' CHECK (length(place_of_calibration) <= 200),
  report_file_name          text NOT NULL DEFAULT '' CHECK (length(report_file_name) <= 200),
  report_link               text NOT NULL DEFAULT '' CHECK (length(report_link) <= 500),
  uncertainty_k_factor      double precision,
  -- [{ reference_bin, reference_unit, combined_uncertainty }] as Task 43 has it.
  calibration_uncertainty   jsonb,
  notes                     text NOT NULL DEFAULT '' CHECK (length(notes) <= 2000),
  -- Task 43 calibration properties without a column (update_at…), kept as they came.
  properties                jsonb NOT NULL DEFAULT '{}'::jsonb,
  -- Where it came from: a Task 43 file, a digital calibration certificate, typed by hand.
  source                    text NOT NULL CHECK (source IN ('iea43', 'certificate', 'manual')),
  -- The digital calibration certificate as imported (JSON), and the certificate's PDF in the file store.
  certificate               jsonb,
  certificate_pdf_sha256    text,
  certificate_pdf_name      text NOT NULL DEFAULT '',
  creator_id                bigint REFERENCES app_user(id) ON DELETE SET NULL,
  creator_name              text NOT NULL DEFAULT '',
  created_at                timestamptz NOT NULL DEFAULT now(),
  updated_at                timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sensor_calibration_sensor ON sensor_calibration (sensor_id, date_of_calibration DESC NULLS LAST);
