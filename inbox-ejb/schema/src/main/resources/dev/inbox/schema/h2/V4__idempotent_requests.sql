-- Version 4 of the inbox's tables on H2: idempotent HTTP requests. Every statement creates
-- only what is missing. Times are UTC.

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
    response_body    CLOB,
    CONSTRAINT pk_inbox_idempotency PRIMARY KEY (tenant, operation, idempotency_key)
);

-- Retention deletes the expired rows, oldest first.
CREATE INDEX IF NOT EXISTS ix_inbox_idempotency_expiry ON inbox_idempotency (expires_at);

INSERT INTO inbox_schema_version (version, description)
    SELECT 4, 'idempotent requests'
    WHERE NOT EXISTS (SELECT 1 FROM inbox_schema_version WHERE version = 4);
