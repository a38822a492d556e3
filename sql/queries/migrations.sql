-- name: createMigrationsTable
CREATE TABLE IF NOT EXISTS schema_migrations (
  version    integer PRIMARY KEY,
  name       text        NOT NULL,
  applied_at timestamptz NOT NULL DEFAULT now()
);

-- name: appliedMigrations
SELECT version FROM schema_migrations ORDER BY version;

-- name: lockMigrations
SELECT pg_advisory_lock(7431853);

-- name: unlockMigrations
SELECT pg_advisory_unlock(7431853);

-- name: recordMigration
INSERT INTO schema_migrations (version, name) VALUES (:version, :name);

-- name: timescaleAvailable
SELECT
  (SELECT default_version FROM pg_available_extensions WHERE name = 'timescaledb') AS available,
  (SELECT extversion FROM pg_extension WHERE extname = 'timescaledb') AS installed;
