-- Version 3 of the inbox's tables on H2: messages processed again on purpose. Every
-- statement creates only what is missing. Times are UTC.

-- The consumer's processing version when it wrote the row (@InboxConsumer(processingVersion)); rows
-- written before version 3 count as version 1. A copy of a message whose row an earlier version
-- wrote is applied again, and its row then carries the new version.
ALTER TABLE inbox_entry ADD COLUMN IF NOT EXISTS processing_version INTEGER DEFAULT 1 NOT NULL;

-- One row per message an operator asked a consumer to process again (Reprocessing.forget): who, when
-- and why, and what the row it forgot said. The request deleted that row in the same transaction, so
-- the next copy of the message is applied as new; a copy older than the retention watermark is
-- applied too, as long as the request is newer than the watermark and not retired: retention
-- retires it (retired_at) when it deletes the row of the message's next application. A request id
-- repeated changes nothing: the primary key makes a request idempotent.
CREATE TABLE IF NOT EXISTS inbox_reprocess (
    request_id            VARCHAR(100)  NOT NULL,
    consumer_name         VARCHAR(100)  NOT NULL,
    message_id            VARCHAR(400)  NOT NULL,
    requested_by          VARCHAR(100)  NOT NULL,
    reason                VARCHAR(1000) NOT NULL,
    requested_at          TIMESTAMP     NOT NULL,
    previous_processed_at TIMESTAMP,
    previous_payload_hash VARCHAR(64),
    previous_result_ref   VARCHAR(400),
    retired_at            TIMESTAMP,
    CONSTRAINT pk_inbox_reprocess PRIMARY KEY (request_id, consumer_name, message_id)
);

-- The late-delivery check looks up a message's requests.
CREATE INDEX IF NOT EXISTS ix_inbox_reprocess_message ON inbox_reprocess (consumer_name, message_id);

INSERT INTO inbox_schema_version (version, description)
    SELECT 3, 'reprocessing on purpose'
    WHERE NOT EXISTS (SELECT 1 FROM inbox_schema_version WHERE version = 3);
