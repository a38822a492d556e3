-- name: insertKey
INSERT INTO api_keys (prefix, hash, name, account, rpm) VALUES (:prefix, :hash, :name, :account, :rpm)
RETURNING id, prefix, hash, name, account, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "createdAt", revoked, rpm;

-- name: listKeys
SELECT id, prefix, hash, name, account, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "createdAt", revoked, rpm
FROM api_keys ORDER BY id;

-- name: revokeKey
UPDATE api_keys SET revoked = true, revoked_at = now() WHERE id = :id AND NOT revoked
RETURNING id, prefix, hash, name, account, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "createdAt", revoked, rpm;
