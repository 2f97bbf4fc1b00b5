-- Issue 18: every change of a version's data (an import, a mark, an undo, a processing task, a channel
-- edit) bumps its data revision, so a cached statistics result is keyed by the data it was computed
-- from and can never be served for data that changed since. Statement-level triggers: one bump per
-- statement and version, however many chunks it wrote.
ALTER TABLE dataset_version ADD COLUMN data_revision bigint NOT NULL DEFAULT 0;

CREATE FUNCTION bump_data_revision_new() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE dataset_version SET data_revision = data_revision + 1
   WHERE id IN (SELECT DISTINCT version_id FROM changed_rows);
  RETURN NULL;
END $$;

CREATE FUNCTION bump_data_revision_old() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
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
CREATE TRIGGER ts_channel_revision_insert AFTER INSERT ON ts_channel
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_data_revision_new();
CREATE TRIGGER ts_channel_revision_update AFTER UPDATE ON ts_channel
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_data_revision_new();
CREATE TRIGGER ts_channel_revision_delete AFTER DELETE ON ts_channel
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_data_revision_old();
