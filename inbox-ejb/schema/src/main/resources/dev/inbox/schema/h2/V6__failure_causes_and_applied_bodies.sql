-- Version 6 of the inbox's tables on H2, for the console: the cause of a handler's failure,
-- which it groups failures by, and the bodies of applied messages, kept only when asked for, which
-- it compares a colliding message with. Every statement creates only what is missing.

-- The class of the exception the handler threw, and the first frame of its stack (where it was
-- thrown: class, method, file and line). A row written before version 6 has neither.
ALTER TABLE inbox_failure ADD COLUMN IF NOT EXISTS error_type VARCHAR(300);
ALTER TABLE inbox_failure ADD COLUMN IF NOT EXISTS error_frame VARCHAR(500);

-- The body of a message a consumer applied, kept with its row when inbox.console.keep-applied-bodies
-- is true (it is not by default: bodies may hold personal data), so that the console can show
-- what a message that reused its id changed. Deleted with the row, by retention or reprocessing.
CREATE TABLE IF NOT EXISTS inbox_applied_body (
    consumer_name VARCHAR(100) NOT NULL,
    message_id    VARCHAR(400) NOT NULL,
    body_kind     VARCHAR(10)  NOT NULL,
    body          CLOB         NOT NULL,
    kept_at       TIMESTAMP    NOT NULL,
    CONSTRAINT pk_inbox_applied_body PRIMARY KEY (consumer_name, message_id),
    CONSTRAINT ck_inbox_applied_body_kind CHECK (body_kind IN ('text', 'bytes'))
);

INSERT INTO inbox_schema_version (version, description)
    SELECT 6, 'failure causes, applied bodies'
    WHERE NOT EXISTS (SELECT 1 FROM inbox_schema_version WHERE version = 6);
