-- Issue 44 §3, the sensor register. Where a sensor was mounted stays in the sites' channel configurations
-- (channel sensor_make / sensor_model / sensor_serial); this adds what the register needs besides:
--   1. the repairs that touched a sensor (repair_record_sensor), picked in the repair record form;
--   2. an index to find the channels naming a serial;
--   3. a record in `sensor` for every sensor the configurations already name (the backfill below). Saving
--      or importing a configuration keeps the records from then on (modules/sensors, register.follow.ts).
-- Written to be run again (IF NOT EXISTS, ON CONFLICT DO NOTHING): register.backfill.integration.test.ts
-- runs this file over configurations written before it.

CREATE TABLE IF NOT EXISTS repair_record_sensor (
  repair_record_id bigint NOT NULL REFERENCES repair_record(id) ON DELETE CASCADE,
  sensor_id        bigint NOT NULL REFERENCES sensor(id) ON DELETE CASCADE,
  PRIMARY KEY (repair_record_id, sensor_id)
);
CREATE INDEX IF NOT EXISTS repair_record_sensor_sensor ON repair_record_sensor (sensor_id);

CREATE INDEX IF NOT EXISTS channel_config_channel_sensor
  ON channel_config_channel (lower(btrim(sensor_serial))) WHERE btrim(sensor_serial) <> '';

-- One statement over every channel naming a serial: a configuration table holds a few channels per sensor
-- and tens of sensors per site, so even a large fleet is a few hundred thousand rows — well within one
-- migration. The type follows the site (a lidar or sodar measures with itself) or the channel's element,
-- as sensorTypeOfChannel (modules/sensors/register.follow.ts) maps it.
INSERT INTO sensor (oem, model, serial_number, sensor_type_id, creator_name)
SELECT DISTINCT ON (lower(btrim(ch.sensor_make)), lower(btrim(ch.sensor_model)), lower(btrim(ch.sensor_serial)))
  left(btrim(ch.sensor_make), 100),
  left(btrim(ch.sensor_model), 100),
  left(btrim(ch.sensor_serial), 100),
  CASE
    WHEN s.station_type IN ('lidar', 'floating_lidar') THEN 'lidar'
    WHEN s.station_type = 'sodar' THEN 'sodar'
    ELSE CASE ch.element
      WHEN 'ws' THEN 'anemometer'
      WHEN 'wd' THEN 'wind_vane'
      WHEN 'T' THEN 'thermometer'
      WHEN 'RH' THEN 'hygrometer'
      WHEN 'p' THEN 'barometer'
      WHEN 'wsv' THEN 'vertical_anemometer'
      WHEN 'prcp' THEN 'rain_gauge'
      WHEN 'ghi' THEN 'pyranometer'
      WHEN 'voltage' THEN 'voltmeter'
      ELSE ''
    END
  END,
  ''
FROM channel_config_channel ch
JOIN channel_config c ON c.id = ch.config_id
JOIN station s ON s.id = c.station_id
WHERE btrim(ch.sensor_serial) <> ''
ORDER BY lower(btrim(ch.sensor_make)), lower(btrim(ch.sensor_model)), lower(btrim(ch.sensor_serial)),
  c.effective_from, ch.position
ON CONFLICT DO NOTHING;
