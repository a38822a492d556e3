// API keys: format, uniqueness, hashing and the lookup prefix.

import { createHash } from 'node:crypto';
import t from 'tap';
import { type KeyRow, keyEvents, keyStates } from '../../core/key-events.js';
import {
  generateKey,
  hashKey,
  isWellFormedKey,
  lookupPrefix,
  parseLifetime,
  parseScopes,
  sameHash,
} from '../../core/keys.js';

t.test('keys are live_ + 40 base62 characters and unique', (t) => {
  const keys = new Set(Array.from({ length: 2000 }, generateKey));
  t.equal(keys.size, 2000);
  for (const k of keys) {
    if (!/^live_[0-9A-Za-z]{40}$/.test(k) || !isWellFormedKey(k)) t.fail(`bad key ${k}`);
  }
  const chars = new Set([...keys].join('').replace(/^live_/gm, ''));
  t.ok(chars.size >= 60, 'the whole base62 alphabet is used');
  t.end();
});

t.test('well-formedness', (t) => {
  t.notOk(isWellFormedKey('live_short'));
  t.notOk(isWellFormedKey(`test_${'a'.repeat(40)}`));
  t.notOk(isWellFormedKey(`live_${'a'.repeat(39)}!`));
  t.ok(isWellFormedKey(`live_${'a'.repeat(32)}`));
  t.end();
});

t.test('hash is SHA-256 and compared in full', (t) => {
  const k = generateKey();
  t.same(hashKey(k), createHash('sha256').update(k).digest());
  t.ok(sameHash(hashKey(k), hashKey(k)));
  t.notOk(sameHash(hashKey(k), hashKey(`${k}x`)));
  t.notOk(sameHash(hashKey(k), Buffer.alloc(3)));
  t.equal(lookupPrefix(k), k.slice(0, 13));
  t.end();
});

t.test('scopes and lifetimes as the keys CLI takes them', (t) => {
  t.same(parseScopes('read'), ['read']);
  t.same(parseScopes(' metrics , read,metrics'), ['metrics', 'read'], 'spaces and repeats forgiven');
  t.match(parseScopes('admin'), /not admin/);
  t.match(parseScopes(''), /--scope takes read/);
  t.equal(parseLifetime('90d'), 90 * 86_400_000);
  t.equal(parseLifetime('12h'), 12 * 3_600_000);
  t.equal(parseLifetime('30m'), 30 * 60_000);
  t.equal(parseLifetime('45s'), 45_000);
  for (const bad of ['0d', '1w', '-1d', 'soon', '', '1.5h']) t.equal(parseLifetime(bad), null, bad);
  t.end();
});

t.test('key events: each key created, revoked or expired since the last reading, once', (t) => {
  const row = (id: number, over: Partial<KeyRow> = {}): KeyRow => ({
    id,
    name: `k${id}`,
    scopes: ['read'],
    revoked: false,
    expiresAt: null,
    ...over,
  });
  const now = Date.UTC(2026, 11, 6, 12);
  const before = keyStates([row(1), row(2), row(3, { expiresAt: '2026-12-06T12:30:00Z' })], now);
  const later = now + 3_600_000;
  const after = [
    row(1),
    row(2, { revoked: true }),
    row(3, { expiresAt: '2026-12-06T12:30:00Z' }),
    row(4, { scopes: ['metrics'] }),
  ];
  t.same(
    keyEvents(before, after, later).map((e) => [e.event, e.id]),
    [
      ['revoked', 2],
      ['expired', 3],
      ['created', 4],
    ],
  );
  t.same(keyEvents(keyStates(after, later), after, later), [], 'nothing new, nothing said');
  t.same(
    keyEvents(new Map(), [row(5, { revoked: true })], later).map((e) => e.event),
    ['created', 'revoked'],
    'made and revoked between two readings',
  );
  t.same(
    keyEvents(
      keyStates([row(6, { revoked: true })], now),
      [row(6, { revoked: true, expiresAt: '2026-12-06T12:00:00Z' })],
      later,
    ),
    [],
    'a revoked key does not expire again',
  );
  t.end();
});
