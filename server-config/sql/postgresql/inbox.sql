-- The inbox's tables on PostgreSQL (12 or later). Safe to re-run: it creates only what is missing.
--   psql -h <host> -U <owner> -d <database> -v ON_ERROR_STOP=1 -f inbox.sql
-- Times are UTC (timestamp without time zone, written by the module in UTC).
-- The schema at version 8, as one script to read or run by hand: the sum of the migrations in
-- inbox-ejb/schema (dev/inbox/schema/postgresql), which a test keeps it equal to (docs/schema.md).

-- One row per consumer and message it has recorded. The primary key is the guarantee: a second
-- delivery of a message to the same consumer cannot insert a second row.
CREATE TABLE IF NOT EXISTS inbox_entry (
    consumer_name    VARCHAR(100) NOT NULL,
    message_id       VARCHAR(400) NOT NULL,
    message_type     VARCHAR(200) NOT NULL,
    contract_version VARCHAR(50),
    payload_hash     VARCHAR(64)  NOT NULL,
    business_key     VARCHAR(400),
    duplicate_of     VARCHAR(400),
    received_at      TIMESTAMP    NOT NULL,
    processed_at     TIMESTAMP    NOT NULL,
    delivery_count   INTEGER      NOT NULL,
    tenant_id        VARCHAR(100),
    result_ref       VARCHAR(400),
    processing_version INTEGER      DEFAULT 1 NOT NULL,
    CONSTRAINT pk_inbox_entry PRIMARY KEY (consumer_name, message_id)
);

-- Two messages that ask for the same business action: the second is a semantic duplicate.
CREATE UNIQUE INDEX IF NOT EXISTS uq_inbox_entry_business_key
    ON inbox_entry (consumer_name, business_key) WHERE business_key IS NOT NULL;

-- Retention deletes each consumer's rows older than its retention, oldest first.
CREATE INDEX IF NOT EXISTS ix_inbox_entry_retention ON inbox_entry (consumer_name, processed_at);

-- The failure ledger: attempts of a consumer's handler on a message that failed. Written in its own
-- transaction, so that it survives the delivery's rollback. No payload is kept.
CREATE TABLE IF NOT EXISTS inbox_failure (
    consumer_name VARCHAR(100)  NOT NULL,
    message_id    VARCHAR(400)  NOT NULL,
    attempts      INTEGER       NOT NULL,
    first_seen    TIMESTAMP     NOT NULL,
    last_seen     TIMESTAMP     NOT NULL,
    failure_kind  VARCHAR(20)   NOT NULL,
    last_error    VARCHAR(1000),
    error_type    VARCHAR(300),
    error_frame   VARCHAR(500),
    CONSTRAINT pk_inbox_failure PRIMARY KEY (consumer_name, message_id),
    CONSTRAINT ck_inbox_failure_kind CHECK (failure_kind IN ('TRANSIENT', 'PERMANENT'))
);

CREATE INDEX IF NOT EXISTS ix_inbox_failure_last_seen ON inbox_failure (last_seen);

-- For each consumer, the newest processed_at that retention has deleted. A message older than this
-- with no row may be a late redelivery of a purged key.
CREATE TABLE IF NOT EXISTS inbox_watermark (
    consumer_name  VARCHAR(100) NOT NULL,
    purged_through TIMESTAMP    NOT NULL,
    updated_at     TIMESTAMP    NOT NULL,
    CONSTRAINT pk_inbox_watermark PRIMARY KEY (consumer_name)
);

-- Secrets every node shares, made by the first node that needs one: the key that seals the inbox's
-- own properties on the copies it quarantines, so that a redrive is told from a producer's message.
-- Deleting a row makes a new key; copies sealed with the old one are then treated as producers'.
CREATE TABLE IF NOT EXISTS inbox_secret (
    secret_name  VARCHAR(100) NOT NULL,
    secret_value VARCHAR(200) NOT NULL,
    created_at   TIMESTAMP    NOT NULL,
    CONSTRAINT pk_inbox_secret PRIMARY KEY (secret_name)
);

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

-- One row per idempotent HTTP request (an @Idempotent resource method, a client's Idempotency-Key):
-- the key, scoped by tenant ('' when unscoped) and operation, is the primary key, so of two requests
-- with one key only one inserts and runs. The row keeps the request's fingerprint, its state
-- (pending while it runs, completed with the response to replay, failed when it rolled back and may
-- be retried), the attempt that holds it, and when it expires: retention deletes it then, and a
-- retry after that runs again.
CREATE TABLE IF NOT EXISTS inbox_idempotency (
    tenant           VARCHAR(200) NOT NULL,
    operation        VARCHAR(100) NOT NULL,
    idempotency_key  VARCHAR(200) NOT NULL,
    fingerprint      VARCHAR(64)   NOT NULL,
    state            VARCHAR(20)   NOT NULL,
    attempt          INTEGER       NOT NULL,
    started_at       TIMESTAMP     NOT NULL,
    completed_at     TIMESTAMP,
    expires_at       TIMESTAMP     NOT NULL,
    response_status  INTEGER,
    response_headers VARCHAR(4000),
    response_body    TEXT,
    CONSTRAINT pk_inbox_idempotency PRIMARY KEY (tenant, operation, idempotency_key)
);

-- Retention deletes the expired rows, oldest first.
CREATE INDEX IF NOT EXISTS ix_inbox_idempotency_expiry ON inbox_idempotency (expires_at);

-- One row per operator's action in the console (a redrive or a discard of held messages): the
-- action's id, chosen by the caller, is the primary key, so an action asked again (a retried request)
-- is carried out once. The row says who asked, when, why, what was selected, and, once done, when
-- and how many messages it moved or removed. The inbox never deletes these rows.
CREATE TABLE IF NOT EXISTS inbox_console_action (
    action_id    VARCHAR(200)  NOT NULL,
    action       VARCHAR(20)   NOT NULL,
    queue_name   VARCHAR(20)   NOT NULL,
    selection    VARCHAR(4000) NOT NULL,
    requested_by VARCHAR(100)  NOT NULL,
    reason       VARCHAR(1000) NOT NULL,
    requested_at TIMESTAMP     NOT NULL,
    completed_at TIMESTAMP,
    messages     INTEGER,
    CONSTRAINT pk_inbox_console_action PRIMARY KEY (action_id)
);

-- The audit is listed newest first.
CREATE INDEX IF NOT EXISTS ix_inbox_console_action_time ON inbox_console_action (requested_at);

-- The schema's version, which the inbox reads at start and refuses to start below the version it
-- needs. Each migration adds its row, so the version holds however the migrations were applied:
-- by Flyway, or read and run as plain SQL.
CREATE TABLE IF NOT EXISTS inbox_schema_version (
    version     INTEGER      NOT NULL,
    description VARCHAR(200) NOT NULL,
    CONSTRAINT pk_inbox_schema_version PRIMARY KEY (version)
);

-- The body of a message a consumer applied, kept with its row when inbox.console.keep-applied-bodies
-- is true (it is not by default: bodies may hold personal data), so that the console can show
-- what a message that reused its id changed. Deleted with the row, by retention or reprocessing.
CREATE TABLE IF NOT EXISTS inbox_applied_body (
    consumer_name VARCHAR(100) NOT NULL,
    message_id    VARCHAR(400) NOT NULL,
    body_kind     VARCHAR(10)  NOT NULL,
    body          TEXT         NOT NULL,
    kept_at       TIMESTAMP    NOT NULL,
    CONSTRAINT pk_inbox_applied_body PRIMARY KEY (consumer_name, message_id),
    CONSTRAINT ck_inbox_applied_body_kind CHECK (body_kind IN ('text', 'bytes'))
);

-- One row per message a store-then-process consumer took in, written in the intake's transaction
-- beside the consumer's inbox_entry row (whose primary key decides duplicates), and processed later
-- by the inbox's workers. A message waits for the earlier unfinished messages of its ordering key
-- (by sequence_no where the producer numbers them, else by arrival). A worker's claim is a lease
-- (claim_owner, lease_until) with a fencing number (claim_no): a worker finishes a row only under the
-- claim it took, so a claim another worker took over after the lease cannot commit a second effect. PENDING until processed (DONE) or given up
-- after its attempts (PARKED: quarantined, and holding its key until an operator releases it,
-- RELEASED). Holds message bodies: retention deletes finished rows with their inbox_entry rows.
CREATE TABLE IF NOT EXISTS inbox_pending (
    consumer_name    VARCHAR(100)  NOT NULL,
    message_id       VARCHAR(400)  NOT NULL,
    arrival          BIGINT        GENERATED BY DEFAULT AS IDENTITY,
    ordering_key     VARCHAR(400)  NOT NULL,
    state            VARCHAR(10)   NOT NULL,
    message_type     VARCHAR(200)  NOT NULL,
    contract_version VARCHAR(50),
    tenant_id        VARCHAR(100),
    destination      VARCHAR(200)  NOT NULL,
    produced_at      TIMESTAMP,
    properties       TEXT          NOT NULL,
    body_kind        VARCHAR(20)   NOT NULL,
    body             TEXT          NOT NULL,
    received_at      TIMESTAMP     NOT NULL,
    attempts         INTEGER       NOT NULL,
    next_attempt_at  TIMESTAMP     NOT NULL,
    claim_owner      VARCHAR(100),
    claim_no         INTEGER       NOT NULL,
    lease_until      TIMESTAMP,
    last_error       VARCHAR(1000),
    finished_at      TIMESTAMP,
    sequence_no      BIGINT,
    CONSTRAINT pk_inbox_pending PRIMARY KEY (consumer_name, message_id),
    CONSTRAINT ck_inbox_pending_state CHECK (state IN ('PENDING', 'DONE', 'PARKED', 'RELEASED')),
    CONSTRAINT ck_inbox_pending_body_kind CHECK (body_kind IN ('text', 'bytes', 'text-base64'))
);

-- What a worker's claim looks for: a consumer's pending messages, oldest first, stopping at the
-- first due ones; and, for each, the unfinished and finished messages of its key.
CREATE INDEX IF NOT EXISTS ix_inbox_pending_due ON inbox_pending (consumer_name, state, arrival);
CREATE INDEX IF NOT EXISTS ix_inbox_pending_keys ON inbox_pending (consumer_name, ordering_key, state);

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

INSERT INTO inbox_schema_version (version, description)
    SELECT 1, 'the inbox tables' WHERE NOT EXISTS (SELECT 1 FROM inbox_schema_version WHERE version = 1);
INSERT INTO inbox_schema_version (version, description)
    SELECT 2, 'results and uncertain effects'
    WHERE NOT EXISTS (SELECT 1 FROM inbox_schema_version WHERE version = 2);
INSERT INTO inbox_schema_version (version, description)
    SELECT 3, 'reprocessing on purpose'
    WHERE NOT EXISTS (SELECT 1 FROM inbox_schema_version WHERE version = 3);
INSERT INTO inbox_schema_version (version, description)
    SELECT 4, 'idempotent requests'
    WHERE NOT EXISTS (SELECT 1 FROM inbox_schema_version WHERE version = 4);
INSERT INTO inbox_schema_version (version, description)
    SELECT 5, 'console actions'
    WHERE NOT EXISTS (SELECT 1 FROM inbox_schema_version WHERE version = 5);
INSERT INTO inbox_schema_version (version, description)
    SELECT 6, 'failure causes, applied bodies'
    WHERE NOT EXISTS (SELECT 1 FROM inbox_schema_version WHERE version = 6);
INSERT INTO inbox_schema_version (version, description)
    SELECT 7, 'store-then-process'
    WHERE NOT EXISTS (SELECT 1 FROM inbox_schema_version WHERE version = 7);
INSERT INTO inbox_schema_version (version, description)
    SELECT 8, 'sequence numbers'
    WHERE NOT EXISTS (SELECT 1 FROM inbox_schema_version WHERE version = 8);
INSERT INTO inbox_schema_version (version, description)
    SELECT 9, 'content windows, claim indexes'
    WHERE NOT EXISTS (SELECT 1 FROM inbox_schema_version WHERE version = 9);
