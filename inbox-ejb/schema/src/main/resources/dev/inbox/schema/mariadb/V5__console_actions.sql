-- Version 5 of the inbox's tables on MariaDB: the console's audit of operators' actions. Every
-- statement creates only what is missing. Times are UTC.

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

INSERT INTO inbox_schema_version (version, description)
    SELECT 5, 'console actions' FROM DUAL
    WHERE NOT EXISTS (SELECT 1 FROM inbox_schema_version WHERE version = 5);
