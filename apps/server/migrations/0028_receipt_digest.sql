-- Issue 30: the optional daily e-mail digest of open data-receipt findings to the sites' data administrators
-- who asked for it (personal setting receipt/digest), an interval task of /systemManage/TimedTask of its own.
ALTER TABLE interval_task DROP CONSTRAINT interval_task_type_check;
ALTER TABLE interval_task ADD CONSTRAINT interval_task_type_check CHECK (type IN ('warn', 'report', 'receipt'));
INSERT INTO interval_task (type) VALUES ('receipt') ON CONFLICT (type) DO NOTHING;

ALTER TABLE mail_send_log DROP CONSTRAINT mail_send_log_kind_check;
ALTER TABLE mail_send_log ADD CONSTRAINT mail_send_log_kind_check
  CHECK (kind IN ('repair', 'reminder_warn', 'reminder_report', 'alarm', 'report', 'apply', 'reminder_receipt'));
