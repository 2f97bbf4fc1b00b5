-- Issue 40 §1: a file that arrived with nobody watching (e-mail, FTP) in a layout no one has confirmed for
-- its site, or with a doubt open (a unit the file states but MastHub does not know, values that contradict
-- what a column was read as), is held: kept raw, nothing stored as data, until the site's data
-- administrator confirms it in the preview.
ALTER TABLE raw_file DROP CONSTRAINT raw_file_status_check;
ALTER TABLE raw_file ADD CONSTRAINT raw_file_status_check
  CHECK (status IN ('pending', 'parsing', 'parsed', 'failed', 'stored_not_parsed', 'held'));

-- The file layouts confirmed for a site (a preview confirmed by a user): the rule and channels as confirmed,
-- and the doubts the user accepted. The next file of the same layout (same kind, delimiter, header and units
-- rows: the layout key) is read with it, by a user or by nobody.
CREATE TABLE station_layout (
  station_id       bigint NOT NULL REFERENCES station(id) ON DELETE CASCADE,
  layout_key       text NOT NULL CHECK (length(layout_key) BETWEEN 1 AND 80),
  kind             text NOT NULL,
  rule             jsonb NOT NULL,
  channels         jsonb NOT NULL,
  accepted_doubts  jsonb NOT NULL DEFAULT '[]'::jsonb,
  file_name        text NOT NULL DEFAULT '',
  confirmed_by     bigint REFERENCES app_user(id) ON DELETE SET NULL,
  confirmer_name   text NOT NULL DEFAULT '',
  confirmed_at     timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (station_id, layout_key)
);

-- A held file's receipt says so, with the doubts it was held for, until the file is confirmed and read.
ALTER TABLE data_receipt DROP CONSTRAINT data_receipt_status_check;
ALTER TABLE data_receipt ADD CONSTRAINT data_receipt_status_check
  CHECK (status IN ('pending', 'done', 'failed', 'held'));
ALTER TABLE data_receipt ADD COLUMN doubts jsonb;
