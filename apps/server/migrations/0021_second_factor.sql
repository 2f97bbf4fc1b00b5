-- Issue 26 (trust, second pass): two-factor login (TOTP), who did what in the login log.

-- An administrator may require a second factor of every holder of a role.
ALTER TABLE role ADD COLUMN requires_second_factor boolean NOT NULL DEFAULT false;

-- A user's TOTP secret, sealed with the installation key (context: the user id). enabled_at is null while
-- the user has scanned it but not yet confirmed a code. last_step is the last accepted 30-second step: a
-- code is never accepted twice.
CREATE TABLE user_second_factor (
  user_id     bigint PRIMARY KEY REFERENCES app_user(id) ON DELETE CASCADE,
  secret      bytea NOT NULL,
  enabled_at  timestamptz,
  last_step   bigint,
  created_at  timestamptz NOT NULL DEFAULT now()
);

-- One-time recovery codes (80 random bits each), stored as SHA-256; a used code stays, marked used.
CREATE TABLE user_recovery_code (
  id          bigserial PRIMARY KEY,
  user_id     bigint NOT NULL REFERENCES app_user(id) ON DELETE CASCADE,
  code_hash   bytea NOT NULL UNIQUE,
  used_at     timestamptz,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX user_recovery_code_user ON user_recovery_code (user_id);

-- After the right password of an account with (or required to set up) a second factor: a short-lived
-- challenge that the code, or the set-up, completes. Only its SHA-256 is stored.
CREATE TABLE login_challenge (
  id          bigserial PRIMARY KEY,
  token_hash  bytea NOT NULL UNIQUE,
  user_id     bigint NOT NULL REFERENCES app_user(id) ON DELETE CASCADE,
  purpose     text NOT NULL CHECK (purpose IN ('verify', 'setup')),
  device_id   bigint REFERENCES login_device(id) ON DELETE SET NULL,
  ip          text NOT NULL,
  user_agent  text,
  failures    integer NOT NULL DEFAULT 0,
  created_at  timestamptz NOT NULL DEFAULT now(),
  expires_at  timestamptz NOT NULL,
  used_at     timestamptz
);

-- "Remember this device": until then a login from this browser skips the second factor.
ALTER TABLE login_device ADD COLUMN second_factor_until timestamptz;

-- Security events written by someone else than the account's user (an administrator resetting a second
-- factor) name that person here.
ALTER TABLE login_attempt ADD COLUMN actor_account text;
