-- Issue 44 §2: what calibration certificates add to the sensors of migration 0043.
--
-- 1. A site's calibration campaign rule: a sensor calibrated longer ago than `recalibration_months` is due
--    for recalibration (NULL: the server's default, CALIBRATION_INTERVAL_MONTHS); a campaign that requires a
--    post-campaign calibration makes every sensor on the site due once the campaign has ended.
CREATE TABLE sensor_campaign_rule (
  station_id                  bigint PRIMARY KEY REFERENCES station(id) ON DELETE CASCADE,
  recalibration_months        integer CHECK (recalibration_months BETWEEN 1 AND 240),
  is_post_campaign_required   boolean NOT NULL DEFAULT false,
  campaign_end                date,
  updated_by                  bigint REFERENCES app_user(id) ON DELETE SET NULL,
  updater_name                text NOT NULL DEFAULT '',
  updated_at                  timestamptz NOT NULL DEFAULT now()
);

-- 2. History corrected to the certificate: a processing task re-scales a channel over a period from the
--    logger's programmed slope/offset to the certificate's on a working version; what it replaced is kept
--    here so a second task gives it back.
CREATE TABLE calibration_correction (
  id                  bigserial PRIMARY KEY,
  station_id          bigint NOT NULL REFERENCES station(id) ON DELETE CASCADE,
  version_id          bigint NOT NULL REFERENCES dataset_version(id) ON DELETE CASCADE,
  task_id             bigint REFERENCES processing_task(id) ON DELETE SET NULL,
  undo_task_id        bigint REFERENCES processing_task(id) ON DELETE SET NULL,
  calibration_id      bigint REFERENCES sensor_calibration(id) ON DELETE SET NULL,
  -- { channel, fromMs, toMs, programmed: { slope, offset }, certified: { slope, offset } }
  params              jsonb NOT NULL,
  -- Per channel its values and flags over the range written (base64 of deflated Float32/Uint8 arrays).
  undo                jsonb,
  status              text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'applied', 'undone')),
  created_by          bigint REFERENCES app_user(id) ON DELETE SET NULL,
  creator_name        text NOT NULL DEFAULT '',
  created_at          timestamptz NOT NULL DEFAULT now(),
  applied_at          timestamptz,
  undone_at           timestamptz
);
CREATE INDEX calibration_correction_station ON calibration_correction (station_id, id DESC);

ALTER TABLE processing_task DROP CONSTRAINT processing_task_kind_check;
ALTER TABLE processing_task ADD CONSTRAINT processing_task_kind_check
  CHECK (kind IN ('qc', 'tower_shadow', 'interpolation', 'extrapolation', 'representative_year',
                  'delete_data', 'import', 'receipt_fix', 'receipt_fix_undo',
                  'calibration_fix', 'calibration_fix_undo'));

-- 3. The reminder of sensors due for (re)calibration, sent to each site's data administrator.
ALTER TABLE interval_task DROP CONSTRAINT interval_task_type_check;
ALTER TABLE interval_task ADD CONSTRAINT interval_task_type_check
  CHECK (type IN ('warn', 'report', 'receipt', 'calibration'));
INSERT INTO interval_task (type) VALUES ('calibration') ON CONFLICT (type) DO NOTHING;
ALTER TABLE mail_send_log DROP CONSTRAINT mail_send_log_kind_check;
ALTER TABLE mail_send_log ADD CONSTRAINT mail_send_log_kind_check
  CHECK (kind IN ('repair', 'reminder_warn', 'reminder_report', 'alarm', 'report', 'apply', 'reminder_receipt',
                  'security', 'reminder_calibration'));
