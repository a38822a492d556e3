// API key format and hashing: `live_` + 40 base62 characters; only the SHA-256 of a key is ever stored.
import { hash, randomBytes, timingSafeEqual } from 'node:crypto';

export const KEY_PREFIX = 'live_';
const BODY_LENGTH = 40;
/** Characters of a key kept in clear: enough to find its row and to name it in the CLI, not to use it. */
export const LOOKUP_PREFIX_LENGTH = KEY_PREFIX.length + 8;
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const KEY_PATTERN = new RegExp(`^${KEY_PREFIX}[0-9A-Za-z]{32,128}$`);

/** A new key with BODY_LENGTH uniformly random base62 characters (rejection sampling, no modulo bias). */
export function generateKey(): string {
  let body = '';
  while (body.length < BODY_LENGTH) {
    for (const byte of randomBytes(64)) {
      if (byte < 248 && body.length < BODY_LENGTH) body += BASE62[byte % 62];
    }
  }
  return KEY_PREFIX + body;
}

export function isWellFormedKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}

export function hashKey(key: string): Buffer {
  // The one-shot hash is about 40% cheaper than createHash() on this per-request path.
  return hash('sha256', key, 'buffer');
}

export function lookupPrefix(key: string): string {
  return key.slice(0, LOOKUP_PREFIX_LENGTH);
}

export function sameHash(a: Buffer, b: Buffer): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}

/** What a key may read: `read` the API (/v1, /mcp, the stream), `metrics` the operator's /metrics. */
export const KEY_SCOPES = ['read', 'metrics'] as const;
export type KeyScope = (typeof KEY_SCOPES)[number];

/** The scopes a `--scope read,metrics` list names, or why it does not. */
export function parseScopes(text: string): KeyScope[] | string {
  const named = [
    ...new Set(
      text
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
  const unknown = named.filter((s) => !(KEY_SCOPES as readonly string[]).includes(s));
  if (!named.length || unknown.length)
    return `--scope takes ${KEY_SCOPES.join(' and/or ')}, comma-separated${unknown.length ? `: not ${unknown.join(', ')}` : ''}`;
  return named as KeyScope[];
}

const LIFETIME = /^(\d{1,5})(d|h|m|s)$/;
const LIFETIME_UNIT_MS = { d: 86_400_000, h: 3_600_000, m: 60_000, s: 1000 } as const;

/** A key's lifetime or grace period as written (`90d`, `12h`, `30m`, `45s`) in ms, or null when it is not one. */
export function parseLifetime(text: string): number | null {
  const m = LIFETIME.exec(text.trim());
  return m && Number(m[1]) > 0 ? Number(m[1]) * LIFETIME_UNIT_MS[m[2] as keyof typeof LIFETIME_UNIT_MS] : null;
}
