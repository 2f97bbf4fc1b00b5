-- Issue 8: raster layers of the home map (wind atlas, solar, terrain, land cover). The GeoTIFF lives in
-- the content-addressed file store under file_sha256; image_sha256 is its PNG rendering, made once.
CREATE TABLE map_layer (
  id            bigserial PRIMARY KEY,
  kind          text NOT NULL CHECK (kind IN ('wind_speed', 'ghi', 'dif', 'dni', 'gti', 'pvout', 'dem',
                                              'slope', 'flat', 'land_cover')),
  name          text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  height_m      double precision CHECK (height_m IS NULL OR height_m >= 0),
  unit          text NOT NULL DEFAULT '',
  file_sha256   text NOT NULL CHECK (file_sha256 ~ '^[0-9a-f]{64}$'),
  image_sha256  text CHECK (image_sha256 ~ '^[0-9a-f]{64}$'),
  west          double precision NOT NULL,
  south         double precision NOT NULL,
  east          double precision NOT NULL,
  north         double precision NOT NULL,
  width         integer NOT NULL CHECK (width > 0),
  height        integer NOT NULL CHECK (height > 0),
  nodata        double precision,
  is_enabled    boolean NOT NULL DEFAULT true,
  created_by    bigint REFERENCES app_user(id) ON DELETE SET NULL,
  creator_name  text NOT NULL DEFAULT '',
  created_at    timestamptz NOT NULL DEFAULT now(),
  CHECK (west < east AND south < north)
);
CREATE INDEX map_layer_kind ON map_layer (kind, id);
