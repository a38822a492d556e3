// Authenticates a request against the in-memory index of active keys: SHA-256 of the key, constant-time compare.
import { ApiError } from '../core/errors.js';
import { hashKey, isWellFormedKey, lookupPrefix, sameHash } from '../core/keys.js';

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
}

/** Who is calling: a key, or an anonymous client identified by its IP. */
export interface Principal {
  /** Rate-limit bucket id. */
  client: string;
  kind: 'key' | 'anonymous';
  keyId: number | null;
  rpm: number;
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

export class KeyIndex {
  private byPrefix = new Map<string, KeyRecord[]>();
  /** The rpm of each active key, by its client id. */
  private rpmByClient = new Map<string, number>();
  private principals = new WeakMap<KeyRecord, Principal>();

  constructor(
    private readonly defaults: { keyRpm: number; anonRpm: number; anon: boolean },
  ) {}

  /** Replaces the index with the active keys of `records` (revoked keys are dropped). */
  load(records: KeyRecord[]): void {
    const next = new Map<string, KeyRecord[]>();
    const rpms = new Map<string, number>();
    for (const r of records) {
      if (r.revoked) continue;
      const list = next.get(r.prefix) ?? [];
      list.push(r);
      next.set(r.prefix, list);
      rpms.set(keyClient(r.id), this.rpm(r));
    }
    this.byPrefix = next;
    this.rpmByClient = rpms;
  }

  /** The requests per minute of the active key whose client id is `client`; null when none is (revoked, gone, an IP). */
  rpmOf(client: string): number | null {
    return this.rpmByClient.get(client) ?? null;
  }

  /** The principal of the active key whose client id is `client`; null when none is (revoked, gone, an IP). */
  keyPrincipal(client: string): Principal | null {
    const rpm = this.rpmByClient.get(client);
    return rpm === undefined ? null : { client, kind: 'key', keyId: Number(client.slice('key:'.length)), rpm };
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
      throw new AuthError('Malformed Authorization header: expected Bearer live_<key>', 'Bearer realm="tapewire", error="invalid_request"');
    }
    const hash = hashKey(key);
    for (const record of this.byPrefix.get(lookupPrefix(key)) ?? []) {
      if (sameHash(hash, record.hash)) return this.principal(record);
    }
    throw new AuthError('Invalid or revoked API key', 'Bearer realm="tapewire", error="invalid_token"');
  }

  /** The anonymous principal of an IP: used for anonymous access, and to limit requests that have no valid key. */
  byIp(ip: string): Principal {
    return { client: `ip:${ip}`, kind: 'anonymous', keyId: null, rpm: this.defaults.anonRpm };
  }

  private principal(record: KeyRecord): Principal {
    let p = this.principals.get(record);
    if (!p) {
      p = { client: keyClient(record.id), kind: 'key', keyId: record.id, rpm: this.rpm(record) };
      this.principals.set(record, p);
    }
    return p;
  }

  private rpm(record: KeyRecord): number {
    return record.rpm ?? this.defaults.keyRpm;
  }
}
