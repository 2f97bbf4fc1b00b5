-- The sites a message concerns (issue 39 §5): a call narrowed to a personal access token's sites lists,
-- counts and marks only the messages whose sites all lie among them. Empty: no site known — such a
-- message is left out of every narrowed call, since what it concerns cannot be told.
ALTER TABLE message ADD COLUMN station_ids bigint[] NOT NULL DEFAULT '{}';

-- Rows stored before: the site named by its code, the site of the processing task, the sites of the
-- download application. The others (group reports, new applications) stay without a site.
UPDATE message m
   SET station_ids = ARRAY[s.id]
  FROM station s
 WHERE m.message_text->>'key' IN ('message.alarmDataMissing', 'message.alarmDataAbnormal',
         'message.longTermShift', 'message.receiptFindings', 'message.repairRequested',
         'message.analysisReportReady', 'message.analysisReportFailed')
   AND s.station_code = m.message_text->'params'->>'code';

UPDATE message m
   SET station_ids = ARRAY[t.station_id]
  FROM processing_task t
 WHERE m.message_text->>'key' IN ('message.taskSucceeded', 'message.taskFailed')
   AND t.id = CASE WHEN m.message_text->'params'->>'taskId' ~ '^[0-9]{1,18}$'
                   THEN (m.message_text->'params'->>'taskId')::bigint END;

UPDATE message m
   SET station_ids = ARRAY(
         SELECT das.station_id FROM download_application_station das
          WHERE das.application_id = CASE WHEN m.message_text->'params'->>'id' ~ '^[0-9]{1,18}$'
                                          THEN (m.message_text->'params'->>'id')::bigint END
          ORDER BY das.position)
 WHERE m.message_text->>'key' IN ('message.applyRevoked', 'message.applyApproved', 'message.applyRejected',
         'message.applyReady', 'message.applyFailed', 'message.applyFailedReviewer');
