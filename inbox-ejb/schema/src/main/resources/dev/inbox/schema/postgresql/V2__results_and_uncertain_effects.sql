-- Version 2 of the inbox's tables on PostgreSQL: what a handler produced, and the external effects
-- a handler could not confirm. Every statement creates only what is missing. Times are UTC.

-- What the handler reported it produced (InboxContext.recordResult): a created record's id, an
-- external reference. Null when it reported nothing, and on rows written before version 2.
ALTER TABLE inbox_entry ADD COLUMN IF NOT EXISTS result_ref VARCHAR(400);

-- External effects a handler reported as uncertain (InboxContext.reportUncertainEffect): the call
-- left, and its answer did not come back. Written in a transaction of its own, so that a report
-- survives the delivery's rollback. Settled (settled_at) when a later delivery of the message to the
-- consumer read the report and committed; unsettled ones are for an operator to reconcile.
CREATE TABLE IF NOT EXISTS inbox_effect (
    consumer_name   VARCHAR(100)  NOT NULL,
    message_id      VARCHAR(400)  NOT NULL,
    target          VARCHAR(100)  NOT NULL,
    idempotency_key VARCHAR(100)  NOT NULL,
    detail          VARCHAR(1000),
    reports         INTEGER       NOT NULL,
    first_reported  TIMESTAMP     NOT NULL,
    last_reported   TIMESTAMP     NOT NULL,
    last_delivery   INTEGER       NOT NULL,
    settled_at      TIMESTAMP,
    CONSTRAINT pk_inbox_effect PRIMARY KEY (consumer_name, message_id, target, idempotency_key)
);

-- The gauge counts each consumer's unsettled reports.
CREATE INDEX IF NOT EXISTS ix_inbox_effect_unsettled ON inbox_effect (consumer_name, settled_at);

INSERT INTO inbox_schema_version (version, description)
    SELECT 2, 'results and uncertain effects'
    WHERE NOT EXISTS (SELECT 1 FROM inbox_schema_version WHERE version = 2);
