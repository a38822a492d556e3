-- What a key may read (`read`: the API; `metrics`: /metrics as well) and when it stops working, checked at every request
-- like a revocation. Existing keys keep reading the API and no longer read /metrics unless given the scope.
ALTER TABLE api_keys
  ADD COLUMN scopes text[] NOT NULL DEFAULT ARRAY['read'] CHECK (scopes <@ ARRAY['read', 'metrics'] AND cardinality(scopes) > 0),
  ADD COLUMN expires_at timestamptz;
