-- Issue 15 (second half): data reports (SPEC §3 data report) — a text report exported by a wind-analysis
-- tool and uploaded as it is, or an analysis report MastHub generates from a data version in the
-- structure of a Chinese wind-resource assessment report (GB/T 18710 / NB/T 31147).

-- Template type 2: analysis report templates (/web/report/data/tempPage); their sections are chapters.
ALTER TABLE report_template DROP CONSTRAINT report_template_type_check;
ALTER TABLE report_template ADD CONSTRAINT report_template_type_check CHECK (type IN (0, 1, 2));
INSERT INTO report_template (type, name, sections, is_builtin) VALUES
  (2, '测风数据分析报告（GB/T 18710）',
   '{overview,recovery,speed,distribution,rose,turbulence,shear,correlation,air_density,extreme,period,conclusion}', true),
  (2, '数据完整性报告', '{overview,recovery,conclusion}', true);

CREATE TABLE data_report (
  id             bigserial PRIMARY KEY,
  station_id     bigint NOT NULL REFERENCES station(id) ON DELETE CASCADE,
  report_name    text NOT NULL CHECK (length(report_name) BETWEEN 1 AND 50),
  type           text NOT NULL CHECK (type IN ('upload', 'analysis')),
  template_id    bigint REFERENCES report_template(id) ON DELETE SET NULL,
  version_id     bigint REFERENCES dataset_version(id) ON DELETE SET NULL,
  -- Kept as text: the report stays readable after its version is deleted.
  version_name   text NOT NULL DEFAULT '',
  element        text NOT NULL DEFAULT '',
  report_start   date,
  report_end     date,
  owner_id       bigint REFERENCES app_user(id) ON DELETE SET NULL,
  owner_name     text NOT NULL DEFAULT '',
  status         text NOT NULL DEFAULT 'success' CHECK (status IN ('generating', 'success', 'failure')),
  reason         text NOT NULL DEFAULT '',
  -- The validated analysis request (channels, heights, sectors, periods), replayed by the job.
  params         jsonb NOT NULL DEFAULT '{}',
  language       text NOT NULL DEFAULT 'zh' CHECK (language IN ('zh', 'en')),
  -- Upload: the file exactly as received.
  file_name      text,
  file_sha256    text CHECK (file_sha256 ~ '^[0-9a-f]{64}$'),
  file_size      bigint,
  head_text      text NOT NULL DEFAULT '',
  source_tool    text NOT NULL DEFAULT '',
  -- Analysis: the rendered files.
  docx_sha256    text CHECK (docx_sha256 ~ '^[0-9a-f]{64}$'),
  docx_size      bigint,
  pdf_sha256     text CHECK (pdf_sha256 ~ '^[0-9a-f]{64}$'),
  pdf_size       bigint,
  build_time     timestamptz,
  created_at     timestamptz NOT NULL DEFAULT now(),
  CHECK (report_end IS NULL OR report_start IS NULL OR report_end >= report_start)
);
CREATE INDEX data_report_station ON data_report (station_id, created_at DESC);
CREATE INDEX data_report_file ON data_report (file_sha256) WHERE file_sha256 IS NOT NULL;
