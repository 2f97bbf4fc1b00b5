-- Issue 26 (trust, second pass): single-use download tickets.

-- A download ticket opens one file once, within two minutes of being issued. Only its SHA-256 is stored;
-- redeeming it marks it used in the same statement, so a ticket used twice opens nothing the second time.
CREATE TABLE download_ticket (
  token_hash      bytea PRIMARY KEY,
  application_id  bigint NOT NULL REFERENCES download_application(id) ON DELETE CASCADE,
  user_id         bigint NOT NULL REFERENCES app_user(id),
  via             text NOT NULL CHECK (via IN ('link', 'app')),
  created_at      timestamptz NOT NULL DEFAULT now(),
  expires_at      timestamptz NOT NULL,
  used_at         timestamptz
);
CREATE INDEX download_ticket_expiry ON download_ticket (expires_at);
