-- name: ping
-- Whether the database answers at all: run while it is unreachable, until it is back.
SELECT 1 AS ok;
