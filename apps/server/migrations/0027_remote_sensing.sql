-- Issue 31: remote-sensing sites (lidar, sodar, floating lidar). A site's measurement type is its
-- station_type (met_mast / lidar / sodar / floating_lidar); a remote-sensing site also names its device,
-- serial number, firmware and measurement heights. The channels per height are the site's channels
-- (ts_channel / channel configuration: element, height, statistic).
ALTER TABLE station
  ADD COLUMN device_model text NOT NULL DEFAULT '' CHECK (length(device_model) <= 100),
  ADD COLUMN device_serial text NOT NULL DEFAULT '' CHECK (length(device_serial) <= 50),
  ADD COLUMN device_firmware text NOT NULL DEFAULT '' CHECK (length(device_firmware) <= 50),
  ADD COLUMN measurement_heights_m double precision[] NOT NULL DEFAULT '{}'
    CHECK (cardinality(measurement_heights_m) <= 60);

-- Lidar and sodar filters as quality-control rules (kind lidar_filter): availability / packets, CNR,
-- quality factor and invalid markers, per device type (params.deviceTypes), through packages/wind/src/lidar.
ALTER TABLE qc_rule DROP CONSTRAINT qc_rule_kind_check;
ALTER TABLE qc_rule ADD CONSTRAINT qc_rule_kind_check
  CHECK (kind IN ('range', 'trend', 'height_diff', 'missing_days', 'custom', 'no_data_days', 'lidar_filter'));

-- The default filters (packages/wind LIDAR_FILTER_DEFAULTS: availability 80 %, CNR −22 dB — Gryning &
-- Floors 2019; some use −29 dB). The sodar rule flags invalid markers (samples/LIDAR.md §9) in files that
-- keep them (the .mnd reader already turns each variable's own marker into a gap).
INSERT INTO qc_rule (rule_type, kind, name, params, notes, builtin_key) VALUES
  ('auto_quality', 'lidar_filter', '激光雷达数据过滤',
   '{"deviceTypes":["lidar","floating_lidar"],"availabilityMin":80,"cnrMinDb":-22,"qualityMin":null,"invalidMarkers":[9999,-9999],"flag":3}',
   'Availability ≥ 80 % (project choice), CNR ≥ −22 dB (Gryning & Floors, Sensors 2019)', 'qcRule.lidar_filter'),
  ('auto_quality', 'lidar_filter', '声雷达数据过滤',
   '{"deviceTypes":["sodar"],"availabilityMin":80,"cnrMinDb":null,"qualityMin":null,"invalidMarkers":[999.9,9999,-9999,9.99e37],"flag":3}',
   'Sodar invalid markers no speed or direction can take (999.9, 9999, 9.99E+37); 99.99 m/s is left to the speed range rule, as 99.99° is a valid direction', 'qcRule.sodar_filter')
ON CONFLICT (rule_type, lower(name)) DO NOTHING;
