-- Version 9 of the inbox's tables on H2: the payloads that consumers with a content window have
-- seen, by which a message whose payload equals one seen within the window is a duplicate even
-- under another id; and the indexes of the workers' claims. Every statement creates only what is
-- missing.

-- One row per consumer and payload hash: the message that last brought the payload as new, and
-- when. The primary key decides a race between two copies under two ids: one inserts the row (or
-- takes over an entry older than the window), the other rolls back and, redelivered, is a duplicate.
CREATE TABLE IF NOT EXISTS inbox_content (
    consumer_name VARCHAR(100) NOT NULL,
    payload_hash  VARCHAR(64)  NOT NULL,
    message_id    VARCHAR(400) NOT NULL,
    seen_at       TIMESTAMP    NOT NULL,
    CONSTRAINT pk_inbox_content PRIMARY KEY (consumer_name, payload_hash)
);

-- Retention deletes each consumer's entries older than its window.
CREATE INDEX IF NOT EXISTS ix_inbox_content_seen ON inbox_content (consumer_name, seen_at);

-- What a worker's claim looks for: a consumer's pending messages, oldest first, stopping at the
-- first due ones; and, for each, the unfinished and finished messages of its key. They replace the
-- index of version 7, which could not find a key's messages without reading the consumer's whole
-- backlog: a claim took seconds behind a backlog of 2,000 messages.
CREATE INDEX IF NOT EXISTS ix_inbox_pending_due ON inbox_pending (consumer_name, state, arrival);
CREATE INDEX IF NOT EXISTS ix_inbox_pending_keys ON inbox_pending (consumer_name, ordering_key, state);
DROP INDEX IF EXISTS ix_inbox_pending_heads;

INSERT INTO inbox_schema_version (version, description)
    SELECT 9, 'content windows, claim indexes'
    WHERE NOT EXISTS (SELECT 1 FROM inbox_schema_version WHERE version = 9);
