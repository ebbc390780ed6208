-- Version 4 of the inbox's tables on MariaDB: idempotent HTTP requests. Every statement creates
-- only what is missing. Times are UTC, in DATETIME(6); keys in the binary, no-pad collation.

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

INSERT INTO inbox_schema_version (version, description)
    SELECT 4, 'idempotent requests' FROM DUAL
    WHERE NOT EXISTS (SELECT 1 FROM inbox_schema_version WHERE version = 4);
