-- Issue 39 §4 (accounts): wrong second-factor codes counted in the database, the one-time enrolment code
-- of a forced set-up, and the e-mail that tells a user their second factor was locked.

-- Wrong codes since the last right one, counted by every API process on this one row (a process-local
-- counter let each process guess on its own). Every tenth locks the codes until locked_until (30 minutes,
-- doubling with each further ten, at most a day) or until an administrator unlocks them.
ALTER TABLE user_second_factor
  ADD COLUMN failures      integer NOT NULL DEFAULT 0,
  ADD COLUMN locked_until  timestamptz;

-- The one-time code an administrator hands over (shown once, when they reset a user's second factor or
-- create a user whose role requires one): the set-up a role forces at login asks for it, so the password
-- alone no longer lets anyone enrol their own authenticator. Only its SHA-256 is kept; one per user.
CREATE TABLE second_factor_enrolment (
  user_id     bigint PRIMARY KEY REFERENCES app_user(id) ON DELETE CASCADE,
  code_hash   bytea NOT NULL,
  created_by  bigint REFERENCES app_user(id) ON DELETE SET NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  expires_at  timestamptz NOT NULL
);

-- Account security e-mails (the second factor locked after wrong codes).
ALTER TABLE mail_send_log DROP CONSTRAINT mail_send_log_kind_check;
ALTER TABLE mail_send_log ADD CONSTRAINT mail_send_log_kind_check
  CHECK (kind IN ('repair', 'reminder_warn', 'reminder_report', 'alarm', 'report', 'apply', 'reminder_receipt',
                  'security'));
