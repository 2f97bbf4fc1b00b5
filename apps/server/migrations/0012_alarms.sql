-- Issue 14: alarms. One open alarm per site × type × channel (the partial unique index): a sweep or an
-- ingestion that finds the condition again extends the open alarm's period instead of opening another,
-- and two processes racing on the same site meet at the index (ON CONFLICT), never making two.
CREATE TABLE alarm (
  id              bigserial PRIMARY KEY,
  station_id      bigint NOT NULL REFERENCES station(id) ON DELETE CASCADE,
  type            text NOT NULL CHECK (type IN ('data_missing', 'data_abnormal')),
  -- '' for the whole site; a channel's data key for a channel alarm.
  channel_key     text NOT NULL DEFAULT '',
  rule_id         bigint REFERENCES qc_rule(id) ON DELETE SET NULL,
  period_start    timestamptz NOT NULL,
  period_end      timestamptz NOT NULL,
  -- What caused it (rule name, days, last data time…), rendered in the reader's language.
  content         jsonb NOT NULL DEFAULT '{}',
  -- Open while the condition holds; closed when data flows again (its handling is a separate matter).
  is_open         boolean NOT NULL DEFAULT true,
  handle_status   text NOT NULL DEFAULT 'unprocessed'
                  CHECK (handle_status IN ('unprocessed', 'ignore', 'focus', 'normal', 'repair')),
  handler_id      bigint REFERENCES app_user(id) ON DELETE SET NULL,
  handler_name    text NOT NULL DEFAULT '',
  handle_time     timestamptz,
  reason          text NOT NULL DEFAULT '',
  created_at      timestamptz NOT NULL DEFAULT now(),
  updated_at      timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX alarm_one_open ON alarm (station_id, type, channel_key) WHERE is_open;
CREATE INDEX alarm_station_created ON alarm (station_id, created_at DESC);
CREATE INDEX alarm_unprocessed ON alarm (station_id) WHERE handle_status = 'unprocessed';
