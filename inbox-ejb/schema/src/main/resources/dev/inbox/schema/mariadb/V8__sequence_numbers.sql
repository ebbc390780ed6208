-- Version 8 of the inbox's tables on MariaDB: the sequence number of a store-then-process message
-- within its ordering key, by which the workers order a key's numbered messages. Every statement
-- creates only what is missing.

-- The producer's number for the message within its key (JMSXGroupSeq by default), or NULL when it
-- has none. A row written before version 8 has none, and keeps its place by arrival.
ALTER TABLE inbox_pending ADD COLUMN IF NOT EXISTS sequence_no BIGINT;

INSERT INTO inbox_schema_version (version, description)
    SELECT 8, 'sequence numbers' FROM DUAL
    WHERE NOT EXISTS (SELECT 1 FROM inbox_schema_version WHERE version = 8);
