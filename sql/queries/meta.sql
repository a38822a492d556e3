-- name: tableCounts
SELECT name, row_count::float8 AS "rowCount" FROM tapewire_table_counts();

-- name: coverage
SELECT d.key, tapewire_latest(d.tbl, d.col) AS latest
FROM unnest($1::text[], $2::text[], $3::text[]) AS d (key, tbl, col);

-- name: getSetting
SELECT value FROM settings WHERE key = $1;
