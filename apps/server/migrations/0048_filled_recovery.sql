-- Issue 45 §1 "Provenance": the hub shows measured recovery and recovery after reconstruction. Each day of
-- a site counts its filled values (flag 1: interpolated or reconstructed) apart from its valid ones:
--   valid_slots  the measured valid means (WIND-ANALYSIS §3: a filled value is lack), as before;
--   filled_slots what filling added to them (valid + filled = the recovery after reconstruction).
-- NULL filled_slots: a day counted before this migration (its valid_slots counted filled values as valid).
-- The chunks are binary, so SQL cannot count them here: the hub's back-fill job (hub.backfill-days,
-- backfillStationDays) recounts the last 60 days of every site holding such days at the next start, and
-- every file that arrives recounts its days (the data-arrived listener). Run again: IF NOT EXISTS.

ALTER TABLE station_day ADD COLUMN IF NOT EXISTS filled_slots real CHECK (filled_slots >= 0);

ALTER TABLE station_recovery ADD COLUMN IF NOT EXISTS filled7 real NOT NULL DEFAULT 0;
ALTER TABLE station_recovery ADD COLUMN IF NOT EXISTS filled30 real NOT NULL DEFAULT 0;
