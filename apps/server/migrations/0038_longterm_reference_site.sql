-- Issue 39 §5: the site a long-term default's reference lives on — the reference version's, the stored
-- reference series' or the mesoscale dataset's site, as resolved when the default is saved. The stored
-- convergence is recomputed only while the site's data administrator (else its owner) may view that site,
-- and a viewer of the target site who may not sees the reference as "a reference you cannot view".
-- Null: the reference is gone (it is then hidden from everyone but those who see every site).
ALTER TABLE longterm_site_default
  ADD COLUMN reference_station_id bigint REFERENCES station(id) ON DELETE SET NULL;

UPDATE longterm_site_default d
   SET reference_station_id = CASE d.reference->>'kind'
     WHEN 'site' THEN (SELECT v.station_id FROM dataset_version v
                        WHERE v.id = (d.reference->>'versionId')::bigint)
     WHEN 'reference' THEN (SELECT r.station_id FROM reference_series r
                             WHERE r.id = (d.reference->>'referenceId')::bigint)
     WHEN 'mesoscale' THEN (SELECT m.station_id FROM mesoscale_dataset m
                             WHERE m.id = (d.reference->>'datasetId')::bigint)
   END;
