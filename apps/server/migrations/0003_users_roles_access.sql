-- Issue 3: administration of users, organisations, roles and station access; the login log.

-- Names are unique whatever their letter case ("Wind" and "wind" are one company to a reader).
CREATE UNIQUE INDEX company_name_ci ON company (lower(name));
CREATE UNIQUE INDEX dept_company_name_ci ON dept (company_id, lower(name));
CREATE UNIQUE INDEX role_name_ci ON role (lower(name));

ALTER TABLE company ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
ALTER TABLE dept ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
ALTER TABLE role ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();

-- The built-in administrator (created by the first-start seed) can be neither deleted nor demoted.
ALTER TABLE app_user ADD COLUMN is_builtin boolean NOT NULL DEFAULT false;
ALTER TABLE app_user ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
ALTER TABLE app_user ADD COLUMN deleted_at timestamptz;
CREATE UNIQUE INDEX app_user_one_builtin ON app_user (is_builtin) WHERE is_builtin;
-- Databases seeded before this migration: their first administrator is the built-in one.
UPDATE app_user SET is_builtin = true
WHERE id = (SELECT min(u.id) FROM app_user u JOIN role r ON r.id = u.role_id WHERE r.is_admin AND NOT u.is_deleted);

-- "In use" checks and role member lists look users up by these.
CREATE INDEX app_user_role ON app_user (role_id) WHERE NOT is_deleted;
CREATE INDEX app_user_company ON app_user (company_id) WHERE NOT is_deleted;
CREATE INDEX app_user_dept ON app_user (dept_id) WHERE NOT is_deleted;

-- Station access is decided per station too (who may see station X), not only per user.
CREATE INDEX user_station_station ON user_station (station_id);
CREATE INDEX role_station_station ON role_station (station_id);

-- The login log shows who the user was at login time, so later renames do not rewrite history.
ALTER TABLE login_attempt ADD COLUMN user_name text;
ALTER TABLE login_attempt ADD COLUMN role_name text;
ALTER TABLE login_attempt ADD COLUMN user_type text CHECK (user_type IN ('admin', 'normal'));
CREATE INDEX login_attempt_time ON login_attempt (created_at DESC);
