// Authenticates a request against the in-memory index of active keys: SHA-256 of the key, constant-time compare.
import { ApiError } from '../core/errors.js';
import { hashKey, isWellFormedKey, type KeyScope, lookupPrefix, sameHash } from '../core/keys.js';
import { clock } from './clock.js';

/** A stored key as the server and the CLI see it (never the key itself). */
export interface KeyRecord {
  id: number;
  prefix: string;
  hash: Buffer;
  name: string;
  account: string;
  createdAt: string;
  revoked: boolean;
  /** Per-key requests per minute; null means the configured default. */
  rpm: number | null;
  scopes: KeyScope[];
  /** When it stops working (ISO 8601, to the second), or null: never. */
  expiresAt: string | null;
}

/** Who is calling: a key, or an anonymous client identified by its IP. */
export interface Principal {
  /** Rate-limit bucket id. */
  client: string;
  kind: 'key' | 'anonymous';
  keyId: number | null;
  rpm: number;
  /** What it may read: a key's scopes; an anonymous caller reads the API, and /metrics only on a loopback-only server. */
  scopes: readonly KeyScope[];
}

export class AuthError extends ApiError {
  constructor(
    message: string,
    readonly challenge: string,
  ) {
    super('unauthorized', message);
  }
}

const BEARER = /^Bearer[ \t]+(\S+)[ \t]*$/i;

/** The client id (rate-limit bucket, stream count) of the key with this id. */
export function keyClient(id: number): string {
  return `key:${id}`;
}

/** Whether `record` is past its expiry at `nowMs`. */
export function isExpired(record: Pick<KeyRecord, 'expiresAt'>, nowMs: number): boolean {
  return record.expiresAt !== null && Date.parse(record.expiresAt) <= nowMs;
}

export class KeyIndex {
  private byPrefix = new Map<string, KeyRecord[]>();
  /** The principal of each active key, by its client id. */
  private byClient = new Map<string, Principal>();
  private readonly anonScopes: readonly KeyScope[];

  constructor(private readonly defaults: { keyRpm: number; anonRpm: number; anon: boolean; anonMetrics: boolean }) {
    this.anonScopes = defaults.anonMetrics ? ['read', 'metrics'] : ['read'];
  }

  /** Replaces the index with the active keys of `records` at `nowMs` (revoked and expired keys are dropped). */
  load(records: KeyRecord[], nowMs = clock.now()): void {
    const next = new Map<string, KeyRecord[]>();
    const principals = new Map<string, Principal>();
    for (const r of records) {
      if (r.revoked || isExpired(r, nowMs)) continue;
      const list = next.get(r.prefix) ?? [];
      list.push(r);
      next.set(r.prefix, list);
      principals.set(keyClient(r.id), {
        client: keyClient(r.id),
        kind: 'key',
        keyId: r.id,
        rpm: r.rpm ?? this.defaults.keyRpm,
        scopes: r.scopes,
      });
    }
    this.byPrefix = next;
    this.byClient = principals;
  }

  /** The requests per minute of the active key whose client id is `client`; null when none is (revoked, gone, an IP). */
  rpmOf(client: string): number | null {
    return this.byClient.get(client)?.rpm ?? null;
  }

  /** The principal of the active key whose client id is `client`; null when none is (revoked, gone, an IP). */
  keyPrincipal(client: string): Principal | null {
    return this.byClient.get(client) ?? null;
  }

  get size(): number {
    let n = 0;
    for (const list of this.byPrefix.values()) n += list.length;
    return n;
  }

  /** The caller of a request, or an AuthError (401). `ip` is read only for anonymous access. */
  authenticate(authorization: string, ip: () => string): Principal {
    if (!authorization) {
      if (this.defaults.anon) return this.byIp(ip());
      throw new AuthError('Missing API key: send Authorization: Bearer <key>', 'Bearer realm="tapewire"');
    }
    const match = BEARER.exec(authorization);
    const key = match?.[1];
    if (!key || !isWellFormedKey(key)) {
      throw new AuthError(
        'Malformed Authorization header: expected Bearer live_<key>',
        'Bearer realm="tapewire", error="invalid_request"',
      );
    }
    const hash = hashKey(key);
    for (const record of this.byPrefix.get(lookupPrefix(key)) ?? []) {
      if (!sameHash(hash, record.hash)) continue;
      // Expiry is checked per request, as a revocation takes effect at once: the index is reloaded only now and then.
      if (record.expiresAt !== null && isExpired(record, clock.now())) break;
      return this.byClient.get(keyClient(record.id))!;
    }
    throw new AuthError('Invalid, revoked or expired API key', 'Bearer realm="tapewire", error="invalid_token"');
  }

  /** The anonymous principal of an IP: used for anonymous access, and to limit requests that have no valid key. */
  byIp(ip: string): Principal {
    return { client: `ip:${ip}`, kind: 'anonymous', keyId: null, rpm: this.defaults.anonRpm, scopes: this.anonScopes };
  }
}
