/** The output columns of a data report queued to build (status 'generating'): no file yet, no build time. */
export const UNBUILT_DATA_REPORT = {
  file_name: null,
  file_sha256: null,
  file_size: null,
  docx_sha256: null,
  docx_size: null,
  pdf_sha256: null,
  pdf_size: null,
  build_time: null,
} as const;

/** A group report of a schedule slot before it is generated and sent: nothing written, mailed or timed yet. */
export const UNBUILT_SCHEDULED_REPORT = {
  trigger: 'schedule',
  created_by: null,
  generate_time: null,
  send_time: null,
  mail_id: null,
  docx_sha256: null,
  pdf_sha256: null,
  docx_size: null,
  pdf_size: null,
} as const;
