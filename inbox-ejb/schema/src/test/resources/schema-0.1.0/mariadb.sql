-- The inbox's tables on MariaDB (10.6 or later), InnoDB. Safe to re-run: it creates only what is
-- missing.
--   mariadb -h <host> -u <owner> -p <database> < inbox.sql
-- Times are UTC, in DATETIME(6) (TIMESTAMP would be shifted by the session time zone and end in 2038).
--
-- Keys use the binary, no-pad collation utf8mb4_nopad_bin: MariaDB's default collation ignores case
-- and trailing spaces, which would make 'evt-A' and 'evt-a ' one message.

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
