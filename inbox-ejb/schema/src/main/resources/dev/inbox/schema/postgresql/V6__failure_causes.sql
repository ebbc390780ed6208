-- Version 6 of the inbox's tables on PostgreSQL: the cause of a handler's failure, in two
-- columns that the console groups failures by. Every statement creates only what is missing.

-- The class of the exception the handler threw, and the first frame of its stack (where it was
-- thrown: class, method, file and line). A row written before version 6 has neither.
ALTER TABLE inbox_failure ADD COLUMN IF NOT EXISTS error_type VARCHAR(300);
ALTER TABLE inbox_failure ADD COLUMN IF NOT EXISTS error_frame VARCHAR(500);

INSERT INTO inbox_schema_version (version, description)
    SELECT 6, 'failure causes'
    WHERE NOT EXISTS (SELECT 1 FROM inbox_schema_version WHERE version = 6);
