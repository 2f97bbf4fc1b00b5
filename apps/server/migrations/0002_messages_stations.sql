-- Stored messages pushed over the real-time channel (SPEC §3 Message, §4).
CREATE TABLE message (
  id            bigserial PRIMARY KEY,
  user_id       bigint NOT NULL REFERENCES app_user(id),
  type          text NOT NULL,
  message       text NOT NULL,
  description   text NOT NULL DEFAULT '',
  message_type  text NOT NULL DEFAULT 'info',
  is_read       boolean NOT NULL DEFAULT false,
  is_ignored    boolean NOT NULL DEFAULT false,
  created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX message_user_time ON message (user_id, created_at DESC);
CREATE INDEX message_user_unread ON message (user_id) WHERE NOT is_read AND NOT is_ignored;

-- Met-mast sites (SPEC §3 Station). The site-register issue adds the remaining fields.
CREATE TABLE station (
  id               bigserial PRIMARY KEY,
  station_code     char(6) NOT NULL UNIQUE CHECK (station_code ~ '^[0-9]{6}$'),
  project_name     text NOT NULL,
  station_type     text NOT NULL DEFAULT 'met_mast',
  region_code      text,
  province         text,
  location         text,
  longitude        double precision NOT NULL CHECK (longitude BETWEEN -180 AND 180),
  latitude         double precision NOT NULL CHECK (latitude BETWEEN -90 AND 90),
  altitude_m       double precision,
  pylon_height_m   double precision,
  status           smallint NOT NULL DEFAULT 0,
  start_time       timestamptz,
  data_time        timestamptz,
  owner_id         bigint REFERENCES app_user(id),
  creator_id       bigint REFERENCES app_user(id),
  notes            text NOT NULL DEFAULT '',
  is_deleted       boolean NOT NULL DEFAULT false,
  created_at       timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX station_owner ON station (owner_id);

-- Data permissions (SPEC §4): by role list, by direct assignment.
CREATE TABLE role_station (
  role_id     bigint NOT NULL REFERENCES role(id) ON DELETE CASCADE,
  station_id  bigint NOT NULL REFERENCES station(id) ON DELETE CASCADE,
  PRIMARY KEY (role_id, station_id)
);
CREATE TABLE user_station (
  user_id     bigint NOT NULL REFERENCES app_user(id) ON DELETE CASCADE,
  station_id  bigint NOT NULL REFERENCES station(id) ON DELETE CASCADE,
  created_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, station_id)
);
