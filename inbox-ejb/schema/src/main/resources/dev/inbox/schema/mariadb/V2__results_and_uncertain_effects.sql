-- Version 2 of the inbox's tables on MariaDB: what a handler produced, and the external effects a
-- handler could not confirm. Every statement creates only what is missing. Times are UTC, in
-- DATETIME(6); keys in the binary, no-pad collation, as in version 1.

-- What the handler reported it produced (InboxContext.recordResult): a created record's id, an
-- external reference. Null when it reported nothing, and on rows written before version 2.
ALTER TABLE inbox_entry ADD COLUMN IF NOT EXISTS result_ref VARCHAR(400);

-- External effects a handler reported as uncertain (InboxContext.reportUncertainEffect): the call
-- left, and its answer did not come back. Written in a transaction of its own, so that a report
-- survives the delivery's rollback. Settled (settled_at) when a later delivery of the message to the
-- consumer read the report and committed; unsettled ones are for an operator to reconcile.
CREATE TABLE IF NOT EXISTS inbox_effect (
    consumer_name   VARCHAR(100)  CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin NOT NULL,
    message_id      VARCHAR(400)  CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin NOT NULL,
    target          VARCHAR(100)  CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin NOT NULL,
    idempotency_key VARCHAR(100)  CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin NOT NULL,
    detail          VARCHAR(1000),
    reports         INT           NOT NULL,
    first_reported  DATETIME(6)   NOT NULL,
    last_reported   DATETIME(6)   NOT NULL,
    last_delivery   INT           NOT NULL,
    settled_at      DATETIME(6),
    CONSTRAINT pk_inbox_effect PRIMARY KEY (consumer_name, message_id, target, idempotency_key),
    -- The gauge counts each consumer's unsettled reports.
    INDEX ix_inbox_effect_unsettled (consumer_name, settled_at)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_unicode_ci;

INSERT INTO inbox_schema_version (version, description)
    SELECT 2, 'results and uncertain effects' FROM DUAL
    WHERE NOT EXISTS (SELECT 1 FROM inbox_schema_version WHERE version = 2);
