-- Issue 7: quality-control and warning rules, processing tasks (one per version at a time), flag marks
-- with undo, and version lineage.

-- Quality-control rules (rule_type 'auto_quality') and warning rules ('warn'), SPEC §3. `params` is
-- validated by the shared zod schema of the rule's kind; station_id NULL means every site.
CREATE TABLE qc_rule (
  id            bigserial PRIMARY KEY,
  rule_type     text NOT NULL CHECK (rule_type IN ('auto_quality', 'warn')),
  kind          text NOT NULL CHECK (kind IN ('range', 'trend', 'height_diff', 'missing_days', 'custom', 'no_data_days')),
  name          text NOT NULL CHECK (length(name) BETWEEN 1 AND 50),
  station_id    bigint REFERENCES station(id) ON DELETE CASCADE,
  params        jsonb NOT NULL DEFAULT '{}'::jsonb,
  is_enabled    boolean NOT NULL DEFAULT true,
  notes         text NOT NULL DEFAULT '',
  updater_id    bigint REFERENCES app_user(id) ON DELETE SET NULL,
  updater_name  text NOT NULL DEFAULT '',
  created_at    timestamptz NOT NULL DEFAULT now(),
  updated_at    timestamptz NOT NULL DEFAULT now(),
  CHECK ((rule_type = 'warn') = (kind = 'no_data_days'))
);
CREATE UNIQUE INDEX qc_rule_name ON qc_rule (rule_type, lower(name));

-- Data-processing tasks on a version (SPEC §4): at most one queued or running task per version, enforced
-- here — a second insert fails on the partial unique index and the API answers 409.
CREATE TABLE processing_task (
  id            bigserial PRIMARY KEY,
  -- No foreign key: a task outlives the version it deleted (its row is the record of the deletion).
  version_id    bigint NOT NULL,
  station_id    bigint NOT NULL REFERENCES station(id) ON DELETE CASCADE,
  kind          text NOT NULL CHECK (kind IN ('qc', 'tower_shadow', 'interpolation', 'extrapolation',
                                                'representative_year', 'delete_data', 'import')),
  status        text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'succeeded', 'failed')),
  progress      smallint NOT NULL DEFAULT 0 CHECK (progress BETWEEN 0 AND 100),
  params        jsonb NOT NULL DEFAULT '{}'::jsonb,
  result        jsonb,
  error_key     text,
  error_details jsonb,
  created_by    bigint REFERENCES app_user(id) ON DELETE SET NULL,
  creator_name  text NOT NULL DEFAULT '',
  created_at    timestamptz NOT NULL DEFAULT now(),
  started_at    timestamptz,
  finished_at   timestamptz
);
CREATE UNIQUE INDEX processing_task_one_active ON processing_task (version_id) WHERE status IN ('queued', 'running');
CREATE INDEX processing_task_version ON processing_task (version_id, id DESC);
CREATE INDEX processing_task_unfinished ON processing_task (id) WHERE status IN ('queued', 'running');

-- Flag marks (SPEC §4 data marking; DESIGN §3): a manual mark or a QC run sets flags on channels over a
-- time range; `undo` keeps, per channel and month chunk touched, the flags before the change (deflated
-- Uint8, base64 in JSON) so the mark can be undone without touching later marks' slots.
CREATE TABLE flag_mark (
  id             bigserial PRIMARY KEY,
  version_id     bigint NOT NULL REFERENCES dataset_version(id) ON DELETE CASCADE,
  source         text NOT NULL CHECK (source IN ('manual', 'qc')),
  task_id        bigint REFERENCES processing_task(id) ON DELETE SET NULL,
  channel_ids    bigint[] NOT NULL,
  start_time     timestamptz NOT NULL,
  end_time       timestamptz NOT NULL CHECK (end_time > start_time),
  flag           smallint NOT NULL CHECK (flag IN (0, 2, 3, 4)),
  note           text NOT NULL DEFAULT '',
  changed_count  integer NOT NULL DEFAULT 0,
  -- Rule id → count of changed values (QC runs).
  rule_counts    jsonb NOT NULL DEFAULT '{}'::jsonb,
  undo           jsonb NOT NULL DEFAULT '[]'::jsonb,
  created_by     bigint REFERENCES app_user(id) ON DELETE SET NULL,
  creator_name   text NOT NULL DEFAULT '',
  created_at     timestamptz NOT NULL DEFAULT now(),
  undone_by      bigint REFERENCES app_user(id) ON DELETE SET NULL,
  undoer_name    text,
  undone_at      timestamptz
);
CREATE INDEX flag_mark_version ON flag_mark (version_id, id DESC);

-- Who created a version (lineage entries carry the rest: source version, method, parameters, who, when).
ALTER TABLE dataset_version ADD COLUMN creator_name text NOT NULL DEFAULT '';
ALTER TABLE dataset_version ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
CREATE UNIQUE INDEX dataset_version_name ON dataset_version (station_id, lower(name));
