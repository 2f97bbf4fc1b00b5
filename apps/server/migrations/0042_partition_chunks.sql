-- Issue 43 §5: the chunk table hash-partitioned by version_id, 16 partitions (ARCHITECTURE.md, "Sizing":
-- every read is by version or by a version's channels; 16 keeps a partition under ≈ 50 GB up to the
-- largest fleet sized there, and one partition can later be split in two, modulus 16 → 32, alone).
--
-- In place and online. The table as it was is renamed ts_chunk_unpartitioned (no copy) and a partitioned
-- ts_chunk takes its name, so every write lands in the partitions from now on. The `store.partition` job
-- moves the old rows over in primary-key order, a batch per transaction (DELETE … RETURNING into INSERT,
-- one statement), and ts_chunk_move_progress says where it got to, so a stop or a crash resumes there.
-- Readers see both meanwhile: ts_chunk UNION ALL ts_chunk_unmoved (a view of the old table), one snapshot
-- per statement, so a row is seen once whether a batch moved it or not. A write of a chunk still in the
-- old table takes it out of there first (trigger below). At the end ts_chunk_finish_move() drops the old
-- table and leaves ts_chunk_unmoved as an empty view (`WHERE false`: the planner drops it from every read).
-- A database with no chunk (a new one) is finished here and then.

ALTER TABLE ts_chunk RENAME TO ts_chunk_unpartitioned;
ALTER INDEX ts_chunk_pkey RENAME TO ts_chunk_unpartitioned_pkey;
ALTER INDEX ts_chunk_channel RENAME TO ts_chunk_unpartitioned_channel;
ALTER TABLE ts_chunk_unpartitioned RENAME CONSTRAINT ts_chunk_interval_s_check TO ts_chunk_unpartitioned_interval_s_check;
ALTER TABLE ts_chunk_unpartitioned RENAME CONSTRAINT ts_chunk_slot_count_check TO ts_chunk_unpartitioned_slot_count_check;
ALTER TABLE ts_chunk_unpartitioned RENAME CONSTRAINT ts_chunk_value_count_check TO ts_chunk_unpartitioned_value_count_check;
ALTER TABLE ts_chunk_unpartitioned RENAME CONSTRAINT ts_chunk_version_id_fkey TO ts_chunk_unpartitioned_version_id_fkey;
ALTER TABLE ts_chunk_unpartitioned RENAME CONSTRAINT ts_chunk_channel_id_fkey TO ts_chunk_unpartitioned_channel_id_fkey;
-- Nothing inserts into the old table any more.
DROP TRIGGER ts_chunk_revision_insert ON ts_chunk_unpartitioned;

CREATE TABLE ts_chunk (
  version_id   bigint NOT NULL REFERENCES dataset_version(id) ON DELETE CASCADE,
  channel_id   bigint NOT NULL REFERENCES ts_channel(id) ON DELETE CASCADE,
  month_start  timestamptz NOT NULL,
  interval_s   integer NOT NULL CHECK (interval_s > 0),
  slot_count   integer NOT NULL CHECK (slot_count > 0),
  value_count  integer NOT NULL CHECK (value_count >= 0),
  first_time   timestamptz,
  last_time    timestamptz,
  "values"     bytea NOT NULL,
  flags        bytea NOT NULL,
  sources      bytea,
  source_shas  text[] NOT NULL DEFAULT '{}',
  updated_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (version_id, channel_id, month_start)
) PARTITION BY HASH (version_id);
CREATE INDEX ts_chunk_channel ON ts_chunk (channel_id, month_start);
-- The arrays are compressed already: keep TOAST from trying to compress them again (partitions copy it).
ALTER TABLE ts_chunk ALTER COLUMN "values" SET STORAGE EXTERNAL;
ALTER TABLE ts_chunk ALTER COLUMN flags SET STORAGE EXTERNAL;
ALTER TABLE ts_chunk ALTER COLUMN sources SET STORAGE EXTERNAL;
DO $$
BEGIN
  FOR r IN 0..15 LOOP
    EXECUTE format('CREATE TABLE ts_chunk_p%s PARTITION OF ts_chunk FOR VALUES WITH (MODULUS 16, REMAINDER %s)', r, r);
  END LOOP;
END $$;

-- A batch moved is no change of data: the move sets masthub.chunk_move for its statement, and the data
-- revision (migration 0019) is left alone, so no cached statistics are thrown away for it.
CREATE OR REPLACE FUNCTION bump_data_revision_new() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('masthub.chunk_move', true) = 'on' THEN RETURN NULL; END IF;
  UPDATE dataset_version SET data_revision = data_revision + 1
   WHERE id IN (SELECT DISTINCT version_id FROM changed_rows);
  RETURN NULL;
END $$;
CREATE OR REPLACE FUNCTION bump_data_revision_old() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('masthub.chunk_move', true) = 'on' THEN RETURN NULL; END IF;
  UPDATE dataset_version SET data_revision = data_revision + 1
   WHERE id IN (SELECT DISTINCT version_id FROM changed_rows);
  RETURN NULL;
END $$;
CREATE TRIGGER ts_chunk_revision_insert AFTER INSERT ON ts_chunk
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_data_revision_new();
CREATE TRIGGER ts_chunk_revision_update AFTER UPDATE ON ts_chunk
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_data_revision_new();
CREATE TRIGGER ts_chunk_revision_delete AFTER DELETE ON ts_chunk
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_data_revision_old();

-- A chunk written (an import's upsert, a copy) while its old row is still in the old table: the old row
-- goes, in the same transaction, so no key is ever in both. The insert itself bumps the revision.
CREATE FUNCTION ts_chunk_take_unmoved() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was text := current_setting('masthub.chunk_move', true);
BEGIN
  IF was = 'on' THEN RETURN NEW; END IF;
  PERFORM set_config('masthub.chunk_move', 'on', true);
  DELETE FROM ts_chunk_unpartitioned
   WHERE version_id = NEW.version_id AND channel_id = NEW.channel_id AND month_start = NEW.month_start;
  PERFORM set_config('masthub.chunk_move', coalesce(was, ''), true);
  RETURN NEW;
END $$;
CREATE TRIGGER ts_chunk_take_unmoved BEFORE INSERT ON ts_chunk
  FOR EACH ROW EXECUTE FUNCTION ts_chunk_take_unmoved();

-- The rows not moved yet, for readers (UNION ALL with ts_chunk) and deleters (a simple view: DELETE
-- through it reaches the old table).
CREATE VIEW ts_chunk_unmoved AS SELECT * FROM ts_chunk_unpartitioned;

CREATE TABLE ts_chunk_move_progress (
  id               boolean PRIMARY KEY DEFAULT true CHECK (id),
  version_id       bigint NOT NULL DEFAULT 0,
  channel_id       bigint NOT NULL DEFAULT 0,
  month_start      timestamptz NOT NULL DEFAULT '-infinity',
  moved            bigint NOT NULL DEFAULT 0,
  -- The re-encoding (0032) had not finished when the move began: it only walks ts_chunk, so it is
  -- rewound when the move ends, to reach the rows that were in the old table meanwhile.
  reencode_pending boolean NOT NULL DEFAULT false,
  done             boolean NOT NULL DEFAULT false,
  updated_at       timestamptz NOT NULL DEFAULT now()
);

-- The end of the move, once the old table is empty: one transaction, taken by the job's last batch.
CREATE FUNCTION ts_chunk_finish_move() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF to_regclass('ts_chunk_unpartitioned') IS NULL THEN RETURN; END IF;
  IF EXISTS (SELECT 1 FROM ts_chunk_unpartitioned) THEN
    RAISE EXCEPTION 'ts_chunk_unpartitioned still has rows';
  END IF;
  CREATE OR REPLACE VIEW ts_chunk_unmoved AS SELECT * FROM ts_chunk WHERE false;
  DROP TRIGGER ts_chunk_take_unmoved ON ts_chunk;
  DROP FUNCTION ts_chunk_take_unmoved();
  DROP TABLE ts_chunk_unpartitioned;
  UPDATE ts_reencode_progress
     SET version_id = 0, channel_id = 0, month_start = '-infinity', done = false, updated_at = now()
   WHERE (SELECT reencode_pending FROM ts_chunk_move_progress);
  UPDATE ts_chunk_move_progress SET done = true, reencode_pending = false, updated_at = now();
END $$;

INSERT INTO ts_chunk_move_progress (reencode_pending)
  SELECT NOT coalesce((SELECT done FROM ts_reencode_progress), true);
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM ts_chunk_unpartitioned) THEN PERFORM ts_chunk_finish_move(); END IF;
END $$;
