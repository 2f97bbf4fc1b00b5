-- Issue 46 §1, the uncertainty chain of an energy yield: the components a user types (reference consistency,
-- horizontal extrapolation, future variability, plant performance; packages/wind energy/uncertainty) are
-- kept per data version with who typed them and when. No row: the component's stated default.
CREATE TABLE energy_uncertainty_override (
  version_id       bigint NOT NULL REFERENCES dataset_version(id) ON DELETE CASCADE,
  component_key    text NOT NULL CHECK (component_key IN
    ('referenceConsistency', 'horizontalExtrapolation', 'futureVariability', 'plantPerformance')),
  value_pct        double precision NOT NULL CHECK (value_pct >= 0 AND value_pct <= 100),
  updated_by       bigint REFERENCES app_user(id) ON DELETE SET NULL,
  updated_by_name  text NOT NULL DEFAULT '',
  updated_at       timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (version_id, component_key)
);
