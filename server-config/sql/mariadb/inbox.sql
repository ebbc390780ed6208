-- The inbox's tables on MariaDB (10.6 or later), InnoDB. Safe to re-run: it creates only what is
-- missing.
--   mariadb -h <host> -u <owner> -p <database> < inbox.sql
-- Times are UTC, in DATETIME(6) (TIMESTAMP would be shifted by the session time zone and end in 2038).
--
-- Keys use the binary, no-pad collation utf8mb4_nopad_bin: MariaDB's default collation ignores case
-- and trailing spaces, which would make 'evt-A' and 'evt-a ' one message.
-- The schema at version 8, as one script to read or run by hand: the sum of the migrations in
-- inbox-ejb/schema (dev/inbox/schema/mariadb), which a test keeps it equal to (docs/schema.md).

-- One row per consumer and message it has recorded. The primary key is the guarantee: a second
-- delivery of a message to the same consumer cannot insert a second row.
CREATE TABLE IF NOT EXISTS inbox_entry (
    consumer_name    VARCHAR(100) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin NOT NULL,
    message_id       VARCHAR(400) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin NOT NULL,
    message_type     VARCHAR(200) NOT NULL,
    contract_version VARCHAR(50),
    payload_hash     VARCHAR(64)  CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
    business_key     VARCHAR(400) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin,
    duplicate_of     VARCHAR(400) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin,
    received_at      DATETIME(6)  NOT NULL,
    processed_at     DATETIME(6)  NOT NULL,
    delivery_count   INT          NOT NULL,
    tenant_id        VARCHAR(100),
    result_ref       VARCHAR(400),
    processing_version INT          DEFAULT 1 NOT NULL,
    CONSTRAINT pk_inbox_entry PRIMARY KEY (consumer_name, message_id),
    -- Two messages that ask for the same business action: the second is a semantic duplicate.
    -- NULLs are distinct, so rows without a business key never collide.
    CONSTRAINT uq_inbox_entry_business_key UNIQUE (consumer_name, business_key),
    -- Retention deletes each consumer's rows older than its retention, oldest first.
    INDEX ix_inbox_entry_retention (consumer_name, processed_at)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_unicode_ci;

-- The failure ledger: attempts of a consumer's handler on a message that failed. Written in its own
-- transaction, so that it survives the delivery's rollback. No payload is kept.
CREATE TABLE IF NOT EXISTS inbox_failure (
    consumer_name VARCHAR(100)  CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin NOT NULL,
    message_id    VARCHAR(400)  CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin NOT NULL,
    attempts      INT           NOT NULL,
    first_seen    DATETIME(6)   NOT NULL,
    last_seen     DATETIME(6)   NOT NULL,
    failure_kind  VARCHAR(20)   NOT NULL,
    last_error    VARCHAR(1000),
    error_type    VARCHAR(300),
    error_frame   VARCHAR(500),
    CONSTRAINT pk_inbox_failure PRIMARY KEY (consumer_name, message_id),
    CONSTRAINT ck_inbox_failure_kind CHECK (failure_kind IN ('TRANSIENT', 'PERMANENT')),
    INDEX ix_inbox_failure_last_seen (last_seen)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_unicode_ci;

-- For each consumer, the newest processed_at that retention has deleted. A message older than this
-- with no row may be a late redelivery of a purged key.
CREATE TABLE IF NOT EXISTS inbox_watermark (
    consumer_name  VARCHAR(100) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin NOT NULL,
    purged_through DATETIME(6)  NOT NULL,
    updated_at     DATETIME(6)  NOT NULL,
    CONSTRAINT pk_inbox_watermark PRIMARY KEY (consumer_name)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_unicode_ci;

-- Secrets every node shares, made by the first node that needs one: the key that seals the inbox's
-- own properties on the copies it quarantines, so that a redrive is told from a producer's message.
-- Deleting a row makes a new key; copies sealed with the old one are then treated as producers'.
CREATE TABLE IF NOT EXISTS inbox_secret (
    secret_name  VARCHAR(100) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
    secret_value VARCHAR(200) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
    created_at   DATETIME(6)  NOT NULL,
    CONSTRAINT pk_inbox_secret PRIMARY KEY (secret_name)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_unicode_ci;

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

-- One row per message an operator asked a consumer to process again (Reprocessing.forget): who, when
-- and why, and what the row it forgot said. The request deleted that row in the same transaction, so
-- the next copy of the message is applied as new; a copy older than the retention watermark is
-- applied too, as long as the request is newer than the watermark and not retired: retention
-- retires it (retired_at) when it deletes the row of the message's next application. A request id
-- repeated changes nothing: the primary key makes a request idempotent.
CREATE TABLE IF NOT EXISTS inbox_reprocess (
    request_id            VARCHAR(100)  CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin NOT NULL,
    consumer_name         VARCHAR(100)  CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin NOT NULL,
    message_id            VARCHAR(400)  CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin NOT NULL,
    requested_by          VARCHAR(100)  NOT NULL,
    reason                VARCHAR(1000) NOT NULL,
    requested_at          DATETIME(6)   NOT NULL,
    previous_processed_at DATETIME(6),
    previous_payload_hash VARCHAR(64),
    previous_result_ref   VARCHAR(400),
    retired_at            DATETIME(6),
    CONSTRAINT pk_inbox_reprocess PRIMARY KEY (request_id, consumer_name, message_id),
    -- The late-delivery check looks up a message's requests.
    INDEX ix_inbox_reprocess_message (consumer_name, message_id)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_unicode_ci;

-- One row per idempotent HTTP request (an @Idempotent resource method, a client's Idempotency-Key):
-- the key, scoped by tenant ('' when unscoped) and operation, is the primary key, so of two requests
-- with one key only one inserts and runs. The row keeps the request's fingerprint, its state
-- (pending while it runs, completed with the response to replay, failed when it rolled back and may
-- be retried), the attempt that holds it, and when it expires: retention deletes it then, and a
-- retry after that runs again.
CREATE TABLE IF NOT EXISTS inbox_idempotency (
    tenant           VARCHAR(200) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin NOT NULL,
    operation        VARCHAR(100) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin NOT NULL,
    idempotency_key  VARCHAR(200) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin NOT NULL,
    fingerprint      VARCHAR(64)   NOT NULL,
    state            VARCHAR(20)   NOT NULL,
    attempt          INT           NOT NULL,
    started_at       DATETIME(6)   NOT NULL,
    completed_at     DATETIME(6),
    expires_at       DATETIME(6)   NOT NULL,
    response_status  INT,
    response_headers VARCHAR(4000),
    response_body    MEDIUMTEXT,
    CONSTRAINT pk_inbox_idempotency PRIMARY KEY (tenant, operation, idempotency_key),
    -- Retention deletes the expired rows, oldest first.
    INDEX ix_inbox_idempotency_expiry (expires_at)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_unicode_ci;

-- One row per operator's action in the console (a redrive or a discard of held messages): the
-- action's id, chosen by the caller, is the primary key, so an action asked again (a retried request)
-- is carried out once. The row says who asked, when, why, what was selected, and, once done, when
-- and how many messages it moved or removed. The inbox never deletes these rows.
CREATE TABLE IF NOT EXISTS inbox_console_action (
    action_id    VARCHAR(200) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin NOT NULL,
    action       VARCHAR(20)   NOT NULL,
    queue_name   VARCHAR(20)   NOT NULL,
    selection    VARCHAR(4000) NOT NULL,
    requested_by VARCHAR(100)  NOT NULL,
    reason       VARCHAR(1000) NOT NULL,
    requested_at DATETIME(6)   NOT NULL,
    completed_at DATETIME(6),
    messages     INT,
    CONSTRAINT pk_inbox_console_action PRIMARY KEY (action_id),
    -- The audit is listed newest first.
    INDEX ix_inbox_console_action_time (requested_at)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_unicode_ci;

-- The schema's version, which the inbox reads at start and refuses to start below the version it
-- needs. Each migration adds its row, so the version holds however the migrations were applied:
-- by Flyway, or read and run as plain SQL.
CREATE TABLE IF NOT EXISTS inbox_schema_version (
    version     INT          NOT NULL,
    description VARCHAR(200) NOT NULL,
    CONSTRAINT pk_inbox_schema_version PRIMARY KEY (version)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_unicode_ci;

-- The body of a message a consumer applied, kept with its row when inbox.console.keep-applied-bodies
-- is true (it is not by default: bodies may hold personal data), so that the console can show
-- what a message that reused its id changed. Deleted with the row, by retention or reprocessing.
CREATE TABLE IF NOT EXISTS inbox_applied_body (
    consumer_name VARCHAR(100) NOT NULL,
    message_id    VARCHAR(400) NOT NULL,
    body_kind     VARCHAR(10)  NOT NULL,
    body          MEDIUMTEXT   NOT NULL,
    kept_at       DATETIME(6)  NOT NULL,
    CONSTRAINT pk_inbox_applied_body PRIMARY KEY (consumer_name, message_id),
    CONSTRAINT ck_inbox_applied_body_kind CHECK (body_kind IN ('text', 'bytes'))
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_unicode_ci;

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
    arrival          BIGINT        NOT NULL AUTO_INCREMENT,
    ordering_key     VARCHAR(400)  NOT NULL,
    state            VARCHAR(10)   NOT NULL,
    message_type     VARCHAR(200)  NOT NULL,
    contract_version VARCHAR(50),
    tenant_id        VARCHAR(100),
    destination      VARCHAR(200)  NOT NULL,
    produced_at      DATETIME(6),
    properties       MEDIUMTEXT    NOT NULL,
    body_kind        VARCHAR(20)   NOT NULL,
    body             MEDIUMTEXT    NOT NULL,
    received_at      DATETIME(6)   NOT NULL,
    attempts         INTEGER       NOT NULL,
    next_attempt_at  DATETIME(6)   NOT NULL,
    claim_owner      VARCHAR(100),
    claim_no         INTEGER       NOT NULL,
    lease_until      DATETIME(6),
    last_error       VARCHAR(1000),
    finished_at      DATETIME(6),
    sequence_no      BIGINT,
    CONSTRAINT pk_inbox_pending PRIMARY KEY (consumer_name, message_id),
    CONSTRAINT uq_inbox_pending_arrival UNIQUE (arrival),
    CONSTRAINT ck_inbox_pending_state CHECK (state IN ('PENDING', 'DONE', 'PARKED', 'RELEASED')),
    CONSTRAINT ck_inbox_pending_body_kind CHECK (body_kind IN ('text', 'bytes', 'text-base64'))
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_unicode_ci;

-- What a worker's claim looks for: a consumer's pending messages, oldest first, stopping at the
-- first due ones; and, for each, the unfinished and finished messages of its key.
CREATE INDEX IF NOT EXISTS ix_inbox_pending_due ON inbox_pending (consumer_name, state, arrival);
CREATE INDEX IF NOT EXISTS ix_inbox_pending_keys ON inbox_pending (consumer_name, ordering_key, state);

-- One row per consumer and payload hash: the message that last brought the payload as new, and
-- when. The primary key decides a race between two copies under two ids: one inserts the row (or
-- takes over an entry older than the window), the other rolls back and, redelivered, is a duplicate.
CREATE TABLE IF NOT EXISTS inbox_content (
    consumer_name VARCHAR(100) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin NOT NULL,
    payload_hash  VARCHAR(64) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
    message_id    VARCHAR(400) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin NOT NULL,
    seen_at       DATETIME(6)  NOT NULL,
    CONSTRAINT pk_inbox_content PRIMARY KEY (consumer_name, payload_hash),
    -- Retention deletes each consumer's entries older than its window.
    INDEX ix_inbox_content_seen (consumer_name, seen_at)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_unicode_ci;

INSERT INTO inbox_schema_version (version, description)
    SELECT 1, 'the inbox tables' FROM DUAL
    WHERE NOT EXISTS (SELECT 1 FROM inbox_schema_version WHERE version = 1);
INSERT INTO inbox_schema_version (version, description)
    SELECT 2, 'results and uncertain effects' FROM DUAL
    WHERE NOT EXISTS (SELECT 1 FROM inbox_schema_version WHERE version = 2);
INSERT INTO inbox_schema_version (version, description)
    SELECT 3, 'reprocessing on purpose' FROM DUAL
    WHERE NOT EXISTS (SELECT 1 FROM inbox_schema_version WHERE version = 3);
INSERT INTO inbox_schema_version (version, description)
    SELECT 4, 'idempotent requests' FROM DUAL
    WHERE NOT EXISTS (SELECT 1 FROM inbox_schema_version WHERE version = 4);
INSERT INTO inbox_schema_version (version, description)
    SELECT 5, 'console actions' FROM DUAL
    WHERE NOT EXISTS (SELECT 1 FROM inbox_schema_version WHERE version = 5);
INSERT INTO inbox_schema_version (version, description)
    SELECT 6, 'failure causes, applied bodies' FROM DUAL
    WHERE NOT EXISTS (SELECT 1 FROM inbox_schema_version WHERE version = 6);
INSERT INTO inbox_schema_version (version, description)
    SELECT 7, 'store-then-process' FROM DUAL
    WHERE NOT EXISTS (SELECT 1 FROM inbox_schema_version WHERE version = 7);
INSERT INTO inbox_schema_version (version, description)
    SELECT 8, 'sequence numbers' FROM DUAL
    WHERE NOT EXISTS (SELECT 1 FROM inbox_schema_version WHERE version = 8);
INSERT INTO inbox_schema_version (version, description)
    SELECT 9, 'content windows, claim indexes' FROM DUAL
    WHERE NOT EXISTS (SELECT 1 FROM inbox_schema_version WHERE version = 9);
