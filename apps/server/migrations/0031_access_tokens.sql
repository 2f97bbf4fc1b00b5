-- Issue 32 (open platform, first part): personal access tokens. A user makes a token for scripts with a
-- name, an expiry (at most a year), scopes (read, download, write) and optionally a subset of their sites
-- (station_ids; null = every site the user sees at the moment of each call). Only the SHA-256 of the
-- secret is kept; `prefix` (the first characters of the secret) tells tokens apart in lists. A token never
-- carries rights of its own: every call is checked against the user's current role and sites.
CREATE TABLE access_token (
  id            bigserial PRIMARY KEY,
  user_id       bigint NOT NULL REFERENCES app_user(id) ON DELETE CASCADE,
  name          text NOT NULL,
  token_hash    bytea NOT NULL UNIQUE,
  prefix        text NOT NULL,
  scopes        text[] NOT NULL
    CHECK (cardinality(scopes) > 0 AND scopes <@ ARRAY['read', 'download', 'write']::text[]),
  station_ids   bigint[],
  expires_at    timestamptz NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now(),
  last_used_at  timestamptz,
  last_used_ip  text,
  revoked_at    timestamptz,
  revoked_by    bigint REFERENCES app_user(id)
);
CREATE INDEX access_token_user ON access_token (user_id, created_at DESC);

-- Calls made with a token are written to the login log with the token's name (at most once a minute per
-- token and address).
ALTER TABLE login_attempt ADD COLUMN token_name text;
