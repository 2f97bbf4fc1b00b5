-- Issue 45 §2, the cold-climate answer.
--   1. station_ice_class: the IEA ice class of each site-year (IEA Wind Task 19, RP 13, 2nd ed. 2017) with
--      the figures it stands on, stored when the site suitability is computed (modules/cold-climate), for
--      the home map's ice-class layer. One row per site and calendar year; the map shows the latest year.
--   2. alarms of type 'icing' (a site's sensors iced up; opened when arriving data shows instrumental icing,
--      closed when later data shows none), and the site's warning type that follows its alarms.
CREATE TABLE IF NOT EXISTS station_ice_class (
  station_id               bigint NOT NULL REFERENCES station(id) ON DELETE CASCADE,
  year                     integer NOT NULL,
  version_id               bigint REFERENCES dataset_version(id) ON DELETE SET NULL,
  ice_class                smallint NOT NULL CHECK (ice_class BETWEEN 1 AND 5),
  meteorological_icing_pct double precision NOT NULL,
  instrumental_icing_pct   double precision,
  min_temperature_c        double precision,
  hours_below_minus20      double precision NOT NULL DEFAULT 0,
  hours_below_minus30      double precision NOT NULL DEFAULT 0,
  -- Measured hours with temperature and humidity in the year (the coverage of the share).
  humidity_hours           double precision NOT NULL DEFAULT 0,
  updated_at               timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (station_id, year)
);

ALTER TABLE alarm DROP CONSTRAINT IF EXISTS alarm_type_check;
ALTER TABLE alarm ADD CONSTRAINT alarm_type_check CHECK (type IN ('data_missing', 'data_abnormal', 'icing'));
ALTER TABLE station DROP CONSTRAINT IF EXISTS station_warn_type_check;
ALTER TABLE station ADD CONSTRAINT station_warn_type_check
  CHECK (warn_type IN ('none', 'data_missing', 'data_abnormal', 'icing'));
