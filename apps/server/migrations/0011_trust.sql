-- Issue 12: slow down password guessing without locking the right user out. A browser that has logged in
-- to an account before holds a device token (only its SHA-256 is stored); its attempts are judged by its
-- own failures, not by the account's or the shared IP's, so an attacker cannot lock the owner out.
CREATE TABLE login_device (
  id            bigserial PRIMARY KEY,
  user_id       bigint NOT NULL REFERENCES app_user(id) ON DELETE CASCADE,
  token_hash    bytea NOT NULL UNIQUE,
  created_at    timestamptz NOT NULL DEFAULT now(),
  last_used_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX login_device_user ON login_device (user_id);

ALTER TABLE login_attempt ADD COLUMN device_id bigint REFERENCES login_device(id) ON DELETE SET NULL;
CREATE INDEX login_attempt_device_time ON login_attempt (device_id, created_at DESC) WHERE device_id IS NOT NULL;

-- Issue 12: values are stored in MastHub's units (m/s, °C, hPa); a channel read from a file in other
-- units (mph, knots, km/h, °F, K, kPa, inHg) keeps the file's unit here. '' = the file used ours.
ALTER TABLE ts_channel ADD COLUMN source_unit text NOT NULL DEFAULT '';

-- Issue 12: the fixed UTC offset (minutes) a site's loggers write their times in, used to read a file
-- that does not say its own time zone. Beijing time unless set (WIND-ANALYSIS §1: never DST).
ALTER TABLE station ADD COLUMN logger_utc_offset_minutes integer NOT NULL DEFAULT 480
  CHECK (logger_utc_offset_minutes BETWEEN -720 AND 840);
