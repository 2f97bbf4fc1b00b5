-- Issue 33: chunk values are written as shuffled LZ4 (timeseries/chunk.ts, SHUFFLED_LZ4) instead of
-- zlib. The chunks written before are re-encoded in place by the `store.reencode` job, a batch per
-- transaction in primary-key order; this one row says where it got to, so a stop or a crash resumes
-- there (both forms are readable meanwhile). `done` once it reached the end.
CREATE TABLE ts_reencode_progress (
  id           boolean PRIMARY KEY DEFAULT true CHECK (id),
  version_id   bigint NOT NULL DEFAULT 0,
  channel_id   bigint NOT NULL DEFAULT 0,
  month_start  timestamptz NOT NULL DEFAULT '-infinity',
  reencoded    bigint NOT NULL DEFAULT 0,
  done         boolean NOT NULL DEFAULT false,
  updated_at   timestamptz NOT NULL DEFAULT now()
);
-- A database created by this version has no chunk in the old form: nothing to do.
INSERT INTO ts_reencode_progress (done) SELECT NOT EXISTS (SELECT 1 FROM ts_chunk);
