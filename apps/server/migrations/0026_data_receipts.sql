-- Issue 30, the data receipt (WIND-ANALYSIS §15): within a minute of every arriving file a receipt of its
-- rows, period, gaps and values out of range, and the checks of the metadata against the data (clock,
-- swapped heights, boom orientation, calibration, vane offset, stuck sensors) judged on the file's period
-- of the site's original version together with the 30 days before it. Findings carry their numbers, a
-- small chart and a suggested fix; a fix is applied as an undoable processing task on a working version;
-- a finding dismissed with a reason does not come back for the same period.

-- One receipt per stored raw file (computed by the job `receipt.compute`; a recompute replaces it).
CREATE TABLE data_receipt (
  id              bigserial PRIMARY KEY,
  raw_file_id     bigint NOT NULL UNIQUE REFERENCES raw_file(id) ON DELETE CASCADE,
  station_id      bigint NOT NULL REFERENCES station(id) ON DELETE CASCADE,
  -- The version the receipt read (the site's original).
  version_id      bigint REFERENCES dataset_version(id) ON DELETE SET NULL,
  status          text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'done', 'failed')),
  -- The file's period [start, end) as stored.
  period_start    timestamptz,
  period_end      timestamptz,
  -- The basic receipt (packages/wind BasicReceipt: rows, gaps, duplicates, off-grid, per channel ranges).
  basic           jsonb,
  -- Checks that ran and found nothing ([{ check, channels, numbers }]) and checks skipped with their
  -- reason ([{ check, channels, reason, numbers }]); channels are the version's data keys.
  passed          jsonb NOT NULL DEFAULT '[]'::jsonb,
  skipped         jsonb NOT NULL DEFAULT '[]'::jsonb,
  finding_count   integer NOT NULL DEFAULT 0 CHECK (finding_count >= 0),
  -- Findings neither dismissed nor fixed, and the worst severity among them.
  open_count      integer NOT NULL DEFAULT 0 CHECK (open_count >= 0),
  max_severity    text CHECK (max_severity IN ('info', 'warning', 'error')),
  -- Why it could not be computed (a stored AppError or an internal error key), else null.
  error           text,
  compute_ms      integer,
  -- When the file's data were stored (the receipt queued) and when the receipt was computed.
  created_at      timestamptz NOT NULL DEFAULT now(),
  computed_at     timestamptz
);
CREATE INDEX data_receipt_station ON data_receipt (station_id, created_at DESC);

-- A dismissal: this finding (key and channels) over this period is not raised again; kept with its reason.
CREATE TABLE receipt_dismissal (
  id              bigserial PRIMARY KEY,
  station_id      bigint NOT NULL REFERENCES station(id) ON DELETE CASCADE,
  finding_key     text NOT NULL,
  -- Sorted data keys of the finding's channels.
  channels        text[] NOT NULL,
  period_start    timestamptz NOT NULL,
  period_end      timestamptz NOT NULL CHECK (period_end >= period_start),
  reason          text NOT NULL CHECK (length(reason) BETWEEN 1 AND 500),
  dismissed_by    bigint REFERENCES app_user(id) ON DELETE SET NULL,
  dismisser_name  text NOT NULL DEFAULT '',
  created_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX receipt_dismissal_station ON receipt_dismissal (station_id, finding_key);

-- The findings of a receipt, in the order the checks gave them.
CREATE TABLE receipt_finding (
  id              bigserial PRIMARY KEY,
  receipt_id      bigint NOT NULL REFERENCES data_receipt(id) ON DELETE CASCADE,
  station_id      bigint NOT NULL REFERENCES station(id) ON DELETE CASCADE,
  position        integer NOT NULL,
  check_kind      text NOT NULL,
  finding_key     text NOT NULL,
  severity        text NOT NULL CHECK (severity IN ('info', 'warning', 'error')),
  -- Data keys of the channels the finding is about (sorted for the dismissal match).
  channels        text[] NOT NULL,
  period_start    timestamptz NOT NULL,
  period_end      timestamptz NOT NULL,
  numbers         jsonb NOT NULL DEFAULT '{}'::jsonb,
  chart           jsonb,
  -- The suggested fix (packages/wind ReceiptFix; channels as data keys), null when none.
  fix             jsonb,
  status          text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'dismissed', 'fixed')),
  dismissal_id    bigint REFERENCES receipt_dismissal(id) ON DELETE SET NULL
);
CREATE INDEX receipt_finding_receipt ON receipt_finding (receipt_id, position);
CREATE INDEX receipt_finding_open ON receipt_finding (station_id, id DESC) WHERE status = 'open';

-- A fix applied to a working version by a processing task, with what it replaced (to undo it).
CREATE TABLE receipt_fix (
  id              bigserial PRIMARY KEY,
  finding_id      bigint NOT NULL REFERENCES receipt_finding(id) ON DELETE CASCADE,
  station_id      bigint NOT NULL REFERENCES station(id) ON DELETE CASCADE,
  version_id      bigint NOT NULL REFERENCES dataset_version(id) ON DELETE CASCADE,
  task_id         bigint REFERENCES processing_task(id) ON DELETE SET NULL,
  undo_task_id    bigint REFERENCES processing_task(id) ON DELETE SET NULL,
  fix             jsonb NOT NULL,
  -- What the fix replaced: per channel its values and flags over the range it wrote (base64 of deflated
  -- Float32/Uint8 arrays), or the channel configuration's previous boom orientation.
  undo            jsonb,
  status          text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'applied', 'undone')),
  created_by      bigint REFERENCES app_user(id) ON DELETE SET NULL,
  creator_name    text NOT NULL DEFAULT '',
  created_at      timestamptz NOT NULL DEFAULT now(),
  applied_at      timestamptz,
  undone_at       timestamptz
);
CREATE INDEX receipt_fix_finding ON receipt_fix (finding_id, id DESC);

-- The receipt's fixes are processing tasks of their own kinds.
ALTER TABLE processing_task DROP CONSTRAINT processing_task_kind_check;
ALTER TABLE processing_task ADD CONSTRAINT processing_task_kind_check
  CHECK (kind IN ('qc', 'tower_shadow', 'interpolation', 'extrapolation', 'representative_year',
                  'delete_data', 'import', 'receipt_fix', 'receipt_fix_undo'));
