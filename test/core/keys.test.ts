// API keys: format, uniqueness, hashing and the lookup prefix.
import t from 'tap';
import { createHash } from 'node:crypto';
import { generateKey, hashKey, isWellFormedKey, lookupPrefix, sameHash } from '../../core/keys.js';

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
