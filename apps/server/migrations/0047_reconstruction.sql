-- Issue 45 §1, gap reconstruction: a processing task (`reconstruct`) fills a working version's gaps from the
-- redundant sensor, other heights, neighbouring sites and reference series; what it replaced in each filled
-- slot is kept here so the undo task (`reconstruct_undo`) gives it back.
CREATE TABLE reconstruction_undo (
  task_id       bigint PRIMARY KEY REFERENCES processing_task(id) ON DELETE CASCADE,
  version_id    bigint NOT NULL REFERENCES dataset_version(id) ON DELETE CASCADE,
  -- Per target channel: { channelId, dataKey, startMs, intervalS, slots, values, flags, filledBy, sourceIds }
  -- (slots: base64 of the deflated Int32 grid indexes filled; values/flags: what those slots held, deflated
  -- Float32/Uint8; filledBy: the Int16 index into sourceIds of the source that filled each slot).
  entries       jsonb NOT NULL,
  undo_task_id  bigint REFERENCES processing_task(id) ON DELETE SET NULL,
  undone_at     timestamptz
);
CREATE INDEX reconstruction_undo_version ON reconstruction_undo (version_id);

ALTER TABLE processing_task DROP CONSTRAINT processing_task_kind_check;
ALTER TABLE processing_task ADD CONSTRAINT processing_task_kind_check
  CHECK (kind IN ('qc', 'tower_shadow', 'interpolation', 'extrapolation', 'representative_year',
                  'delete_data', 'import', 'receipt_fix', 'receipt_fix_undo',
                  'calibration_fix', 'calibration_fix_undo', 'reconstruct', 'reconstruct_undo'));
