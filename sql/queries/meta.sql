-- name: tableCounts
SELECT name, row_count::float8 AS "rowCount" FROM tapewire_table_counts();

-- name: coverage
-- The latest date or instant of each dataset: its key, table and dating column.
SELECT d.key, tapewire_latest(d.tbl, d.col) AS latest
FROM unnest(:keys::text[], :tables::text[], :columns::text[]) AS d (key, tbl, col);

-- name: getSetting
SELECT value FROM settings WHERE key = :key;

-- name: setSetting
INSERT INTO settings (key, value) VALUES (:key, :value)
ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = now();
