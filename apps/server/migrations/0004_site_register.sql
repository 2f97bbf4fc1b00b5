-- Issue 4 (part A): the site register — owners (业主), device types and manufacturers, tags,
-- the remaining station fields, per-user personal configuration and the station log.

-- Owner parties (业主) of sites. Distinct from station.owner_id, the user who owns the site for data
-- permissions.
CREATE TABLE owner (
  id          bigserial PRIMARY KEY,
  name        text NOT NULL,
  phone       text NOT NULL DEFAULT '',
  email       text NOT NULL DEFAULT '',
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX owner_name_ci ON owner (lower(name));

-- Device types (logger families) and their manufacturers (supplier + model). Deleting a type deletes its
-- manufacturers; the service refuses while a site uses any of them.
CREATE TABLE device_type (
  id          bigserial PRIMARY KEY,
  name        text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX device_type_name_ci ON device_type (lower(name));

CREATE TABLE manufacturer (
  id              bigserial PRIMARY KEY,
  device_type_id  bigint NOT NULL REFERENCES device_type(id) ON DELETE CASCADE,
  name            text NOT NULL,
  model           text NOT NULL DEFAULT '',
  contact         text NOT NULL DEFAULT '',
  telephone       text NOT NULL DEFAULT '',
  email           text NOT NULL DEFAULT '',
  created_at      timestamptz NOT NULL DEFAULT now(),
  updated_at      timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX manufacturer_type_name_model_ci ON manufacturer (device_type_id, lower(name), lower(model));

-- Tags and their groups (SPEC §3 Tag: parentName is the group's name).
CREATE TABLE tag_group (
  id          bigserial PRIMARY KEY,
  name        text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX tag_group_name_ci ON tag_group (lower(name));

CREATE TABLE tag (
  id          bigserial PRIMARY KEY,
  name        text NOT NULL,
  color       text NOT NULL DEFAULT '#1e88e5' CHECK (color ~ '^#[0-9a-fA-F]{6}$'),
  is_enabled  boolean NOT NULL DEFAULT true,
  group_id    bigint REFERENCES tag_group(id),
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX tag_name_ci ON tag (lower(name));
CREATE INDEX tag_group_ref ON tag (group_id);

-- The remaining SPEC §3 station fields.
ALTER TABLE station ADD COLUMN manufacturer_id bigint REFERENCES manufacturer(id);
ALTER TABLE station ADD COLUMN owner_party_id bigint REFERENCES owner(id);
ALTER TABLE station ADD COLUMN data_admin_id bigint REFERENCES app_user(id);
ALTER TABLE station ADD COLUMN warn_type text NOT NULL DEFAULT 'none'
  CHECK (warn_type IN ('none', 'data_missing', 'data_abnormal'));
ALTER TABLE station ADD COLUMN warn_status smallint NOT NULL DEFAULT 0 CHECK (warn_status IN (0, 1, 2));
ALTER TABLE station ADD COLUMN warranty_start date;
ALTER TABLE station ADD COLUMN warranty_end date;
ALTER TABLE station ADD COLUMN install_start date;
ALTER TABLE station ADD COLUMN install_end date;
ALTER TABLE station ADD COLUMN sim text NOT NULL DEFAULT '';
ALTER TABLE station ADD COLUMN repair_emails text[] NOT NULL DEFAULT '{}';
ALTER TABLE station ADD COLUMN cc_emails text[] NOT NULL DEFAULT '{}';
ALTER TABLE station ADD CONSTRAINT station_warranty_range
  CHECK (warranty_start IS NULL OR warranty_end IS NULL OR warranty_start <= warranty_end);
ALTER TABLE station ADD CONSTRAINT station_install_range
  CHECK (install_start IS NULL OR install_end IS NULL OR install_start <= install_end);
CREATE INDEX station_manufacturer ON station (manufacturer_id);
CREATE INDEX station_owner_party ON station (owner_party_id);
CREATE INDEX station_data_admin ON station (data_admin_id);
-- A deleted site frees its code: codes are unique among live sites only.
ALTER TABLE station DROP CONSTRAINT station_station_code_key;
CREATE UNIQUE INDEX station_code_live ON station (station_code) WHERE NOT is_deleted;

CREATE TABLE station_tag (
  station_id  bigint NOT NULL REFERENCES station(id) ON DELETE CASCADE,
  tag_id      bigint NOT NULL REFERENCES tag(id) ON DELETE CASCADE,
  created_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (station_id, tag_id)
);
CREATE INDEX station_tag_tag ON station_tag (tag_id);

-- Per-user settings remembered by screens (site list search fields and columns, …): type › key → JSON.
CREATE TABLE personal_config (
  user_id     bigint NOT NULL REFERENCES app_user(id) ON DELETE CASCADE,
  type        text NOT NULL,
  key         text NOT NULL,
  value       jsonb NOT NULL,
  updated_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, type, key)
);

-- The site operation log (SPEC §3 Station log). Operator and station are snapshots, so later renames
-- and deletions do not rewrite history.
CREATE TABLE station_log (
  id                bigserial PRIMARY KEY,
  operator_id       bigint REFERENCES app_user(id) ON DELETE SET NULL,
  operator_account  text NOT NULL,
  operator_name     text NOT NULL,
  operate_time      timestamptz NOT NULL DEFAULT now(),
  type              text NOT NULL CHECK (type IN ('add', 'edit', 'delete')),
  location          text NOT NULL,
  objects           text NOT NULL,
  station_id        bigint REFERENCES station(id) ON DELETE SET NULL,
  station_code      text,
  details           jsonb
);
CREATE INDEX station_log_time ON station_log (operate_time DESC, id DESC);
CREATE INDEX station_log_station ON station_log (station_id);
