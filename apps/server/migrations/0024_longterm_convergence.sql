-- Issue 28, convergence of a running campaign (WIND-ANALYSIS §13): a site may have a default reference and
-- method; every night, and after an ingest that brings a new calendar month, the long-term mean L_m and
-- u_MCP(m) of m = 3 … M campaign months are recomputed and stored, shown on the site, in the hub and in
-- the group reports.

-- The site's default: its target (a version and its speed channel, and vane) and the reference as the
-- workbench's request names it (TMcpReference as JSON), the method, the averaging period, the sectors
-- (0 = overall), the coverage. The channel names are kept beside their ids: when the version or a channel
-- is gone, the site's original version and the channels of those names stand in for them.
CREATE TABLE longterm_site_default (
  station_id               bigint PRIMARY KEY REFERENCES station(id) ON DELETE CASCADE,
  target_version_id        bigint REFERENCES dataset_version(id) ON DELETE SET NULL,
  speed_channel_id         bigint,
  speed_channel_name       text NOT NULL CHECK (length(speed_channel_name) BETWEEN 1 AND 200),
  direction_channel_id     bigint,
  direction_channel_name   text,
  reference                jsonb NOT NULL,
  reference_name           text NOT NULL DEFAULT '',
  method                   text NOT NULL
    CHECK (method IN ('ols', 'tls', 'variance_ratio', 'speed_sort', 'speed_ratio')),
  period                   text NOT NULL CHECK (period IN ('1H', '1D', '1M')),
  sectors                  integer NOT NULL DEFAULT 0 CHECK (sectors IN (0, 4, 8, 12, 16)),
  coverage                 double precision NOT NULL DEFAULT 0.9 CHECK (coverage BETWEEN 0.5 AND 1),
  -- The long-term period of the reference, [start, end); null ends = the reference's own.
  long_term_start          timestamptz,
  long_term_end            timestamptz,
  -- The setter's clock (utc-code): the months are reckoned in it, as in the workbench.
  utc_offset_minutes       integer NOT NULL DEFAULT 480,
  updated_by               bigint REFERENCES app_user(id) ON DELETE SET NULL,
  updated_by_name          text NOT NULL DEFAULT '',
  updated_at               timestamptz NOT NULL DEFAULT now()
);

-- The stored convergence of a site with a default: the series [{ m, month, monthEnd, ltMeanMps, uMcp }],
-- the verdict and the months still needed, the latest long-term estimate L_M and the one before, L_{M−1}.
CREATE TABLE longterm_convergence (
  station_id               bigint PRIMARY KEY REFERENCES station(id) ON DELETE CASCADE,
  computed_at              timestamptz NOT NULL DEFAULT now(),
  months                   integer NOT NULL DEFAULT 0 CHECK (months >= 0),
  series                   jsonb NOT NULL DEFAULT '[]'::jsonb,
  status                   text NOT NULL CHECK (status IN ('converged', 'not_yet', 'too_short')),
  months_needed            integer CHECK (months_needed >= 0),
  latest_lt_mps            double precision,
  previous_lt_mps          double precision,
  latest_u_mcp             double precision,
  -- |L_M − L_{M−3}|/L_M (null with fewer than M − 3 ≥ 3 months).
  change_three_months      double precision,
  -- Data arriving at or after this instant brings a month the series has not seen yet (a recompute).
  next_month_start         timestamptz,
  -- Why nothing could be computed (a stored AppError: code and details), else null.
  error                    text
);
CREATE INDEX longterm_convergence_status ON longterm_convergence (status);
