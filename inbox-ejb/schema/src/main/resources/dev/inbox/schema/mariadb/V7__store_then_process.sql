-- Version 7 of the inbox's tables on MariaDB, for consumers in store-then-process mode: the
-- messages they took in and have not finished, with what a handler needs to run later. Every
-- statement creates only what is missing.

-- One row per message a store-then-process consumer took in, written in the intake's transaction
-- beside the consumer's inbox_entry row (whose primary key decides duplicates), and processed later
-- by the inbox's workers. A message waits for the earlier unfinished messages of its ordering key
-- (arrival order). A worker's claim is a lease (claim_owner, lease_until) with a fencing number
-- (claim_no): a worker finishes a row only under the claim it took, so a claim another worker took
-- over after the lease cannot commit a second effect. PENDING until processed (DONE) or given up
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
    CONSTRAINT pk_inbox_pending PRIMARY KEY (consumer_name, message_id),
    CONSTRAINT uq_inbox_pending_arrival UNIQUE (arrival),
    CONSTRAINT ck_inbox_pending_state CHECK (state IN ('PENDING', 'DONE', 'PARKED', 'RELEASED')),
    CONSTRAINT ck_inbox_pending_body_kind CHECK (body_kind IN ('text', 'bytes', 'text-base64'))
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_unicode_ci;

-- What a worker's claim looks for: a consumer's unfinished messages, by key, oldest first.
CREATE INDEX IF NOT EXISTS ix_inbox_pending_heads
    ON inbox_pending (consumer_name, state, ordering_key, arrival);

INSERT INTO inbox_schema_version (version, description)
    SELECT 7, 'store-then-process' FROM DUAL
    WHERE NOT EXISTS (SELECT 1 FROM inbox_schema_version WHERE version = 7);
