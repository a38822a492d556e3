-- name: takeIngestLease
-- The lease for :holder when it is free or expired: a new token, valid :ttlMs from now. No row when another holds it.
UPDATE ingest_lease SET holder = :holder, token = token + 1, expires_at = now() + :ttlMs * interval '1 millisecond'
WHERE id = 1 AND (expires_at < now() OR holder IS NULL)
RETURNING token::float8 AS token;

-- name: renewIngestLease
-- Extends the lease of token :token; no row when it was taken over (or released) meanwhile.
UPDATE ingest_lease SET expires_at = now() + :ttlMs * interval '1 millisecond'
WHERE id = 1 AND token = :token AND holder = :holder
RETURNING token::float8 AS token;

-- name: releaseIngestLease
-- A leader stopping cleanly frees the lease at once, so a standby need not wait for it to expire.
UPDATE ingest_lease SET holder = NULL, expires_at = '-infinity' WHERE id = 1 AND token = :token AND holder = :holder;

-- name: ingestLeaseHolder
-- Who holds the lease, or held it last (NULL: none since a clean stop, or ever).
SELECT holder FROM ingest_lease WHERE id = 1;
