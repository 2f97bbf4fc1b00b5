-- Organisations, roles, users, tokens and the login log (issue 2; extended by issue 3).

CREATE TABLE company (
  id          bigserial PRIMARY KEY,
  name        text NOT NULL UNIQUE,
  created_at  timestamptz NOT NULL DEFAULT now()
);

-- A department of a company (SPEC calls it "group").
CREATE TABLE dept (
  id          bigserial PRIMARY KEY,
  company_id  bigint NOT NULL REFERENCES company(id),
  name        text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  UNIQUE (company_id, name)
);

CREATE TABLE role (
  id           bigserial PRIMARY KEY,
  name         text NOT NULL UNIQUE,
  description  text NOT NULL DEFAULT '',
  is_admin     boolean NOT NULL DEFAULT false,
  -- 'all': every station including future ones; 'list': the stations in role_station.
  data_scope   text NOT NULL DEFAULT 'list' CHECK (data_scope IN ('all', 'list')),
  created_at   timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE role_feature (
  role_id  bigint NOT NULL REFERENCES role(id) ON DELETE CASCADE,
  feature  text NOT NULL,
  PRIMARY KEY (role_id, feature)
);

CREATE TABLE app_user (
  id                   bigserial PRIMARY KEY,
  account              text NOT NULL,
  user_name            text NOT NULL,
  password_hash        text NOT NULL,
  role_id              bigint REFERENCES role(id),
  company_id           bigint REFERENCES company(id),
  dept_id              bigint REFERENCES dept(id),
  phone                text,
  email                text,
  is_enabled           boolean NOT NULL DEFAULT true,
  is_deleted           boolean NOT NULL DEFAULT false,
  created_at           timestamptz NOT NULL DEFAULT now(),
  last_login_at        timestamptz,
  password_changed_at  timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX app_user_account_live ON app_user (lower(account)) WHERE NOT is_deleted;

-- Opaque bearer tokens, stored as SHA-256 of the random token; revocable.
CREATE TABLE auth_token (
  id            bigserial PRIMARY KEY,
  user_id       bigint NOT NULL REFERENCES app_user(id),
  token_hash    bytea NOT NULL UNIQUE,
  created_at    timestamptz NOT NULL DEFAULT now(),
  expires_at    timestamptz NOT NULL,
  last_used_at  timestamptz NOT NULL DEFAULT now(),
  revoked_at    timestamptz,
  ip            text,
  user_agent    text
);
CREATE INDEX auth_token_user ON auth_token (user_id) WHERE revoked_at IS NULL;

-- Every login attempt, for the login log and the rate limit.
CREATE TABLE login_attempt (
  id          bigserial PRIMARY KEY,
  account     text NOT NULL,
  user_id     bigint REFERENCES app_user(id),
  ip          text NOT NULL,
  user_agent  text,
  success     boolean NOT NULL,
  reason      text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX login_attempt_account_time ON login_attempt (lower(account), created_at DESC);
CREATE INDEX login_attempt_ip_time ON login_attempt (ip, created_at DESC);
