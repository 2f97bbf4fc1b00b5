-- Parquet (6) and Arrow IPC (7) as formats of a download application (issue 32).
ALTER TABLE download_application DROP CONSTRAINT IF EXISTS download_application_file_type_check;
ALTER TABLE download_application ADD CONSTRAINT download_application_file_type_check
  CHECK (file_type BETWEEN 0 AND 7);
