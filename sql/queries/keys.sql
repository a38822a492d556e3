-- name: insertKey
INSERT INTO api_keys (prefix, hash, name, account, rpm, scopes, expires_at) VALUES (:prefix, :hash, :name, :account, :rpm, :scopes, :expiresAt)
RETURNING id, prefix, hash, name, account, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "createdAt", revoked, rpm,
  scopes, to_char(expires_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "expiresAt";

-- name: listKeys
SELECT id, prefix, hash, name, account, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "createdAt", revoked, rpm,
  scopes, to_char(expires_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "expiresAt"
FROM api_keys ORDER BY id;

-- name: revokeKey
UPDATE api_keys SET revoked = true, revoked_at = now() WHERE id = :id AND NOT revoked
RETURNING id, prefix, hash, name, account, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "createdAt", revoked, rpm,
  scopes, to_char(expires_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "expiresAt";

-- name: rotateKey
-- A new key with the name, account, rate and scopes of key :id and the expiry :expiresAt; the old key revoked, or left
-- to expire at :graceEnds (no later than it would have) when a grace period is given. One statement: both or neither.
WITH old AS (
  UPDATE api_keys
  SET revoked = :graceEnds::timestamptz IS NULL,
      revoked_at = CASE WHEN :graceEnds::timestamptz IS NULL THEN now() END,
      expires_at = CASE WHEN :graceEnds::timestamptz IS NULL THEN expires_at ELSE LEAST(coalesce(expires_at, 'infinity'), :graceEnds::timestamptz) END
  WHERE id = :id AND NOT revoked
  RETURNING name, account, rpm, scopes
)
INSERT INTO api_keys (prefix, hash, name, account, rpm, scopes, expires_at)
SELECT :prefix, :hash, name, account, rpm, scopes, :expiresAt FROM old
RETURNING id, prefix, hash, name, account, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "createdAt", revoked, rpm,
  scopes, to_char(expires_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "expiresAt";
