-- Issue 39 §2 and §5: a webhook made by a call narrowed to some sites (a personal access token with a site
-- subset) keeps those sites: only their events are queued and sent, and only calls whose own sites include
-- them manage the hook. NULL: every site the creator sees.
ALTER TABLE webhook ADD COLUMN station_ids bigint[];
