-- WAsP observed wind climate .owc (8) and windIO energy resource (9) as formats of a download application
-- (issue 46 §2).
ALTER TABLE download_application DROP CONSTRAINT IF EXISTS download_application_file_type_check;
ALTER TABLE download_application ADD CONSTRAINT download_application_file_type_check
  CHECK (file_type BETWEEN 0 AND 9);
