// Whatever a venue sends, its parsers never throw on a frame and never let a bad number through (fast-check):
// every fixture frame of every venue cut short or with any value replaced, and arbitrary JSON and text. REST parsers
// refuse a bad payload only with a PayloadError.

import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import t from 'tap';
import { PayloadError } from '../../../../core/sources/records.js';
import { VENUES, venueNamed } from '../../../../core/sources/venues/index.js';
import type { Market } from '../../../../core/sources/venues/protocol.js';
import type { ParsedFrame } from '../../../../core/sources/venues/update.js';
import { fixtureFrames } from '../../../../harness/realdata.js';
import { ROOT } from '../../../../harness/root.js';

/** Every fixture frame, with the venue and market it came from. */
const frames = VENUES.flatMap((venue) =>
  readdirSync(join(ROOT, 'test/fixtures/venues', venue.id))
    .filter((name) => name.endsWith('-frames.jsonl'))
    .flatMap((name) =>
      fixtureFrames(`venues/${venue.id}/${name}`).map((text) => ({
        venue: venue.id,
        market: name.split('-')[0] as Market,
        text,
      })),
    ),
);

/** What a frame's reading must always be: updates with sound numbers, reasons for what was left out. */
function sound(f: ParsedFrame): boolean {
  return (
    f.updates.every(
      (u) =>
        typeof u.symbol === 'string' &&
        u.symbol !== '' &&
        [u.price, u.markPrice].every((p) => Number.isNaN(p) || (p > 0 && Number.isFinite(p))) &&
        [
          u.volume24hBase,
          u.volume24hQuote,
          u.volume24hUsd,
          u.openInterestBase,
          u.openInterestQuote,
          u.openInterestUsd,
        ].every((v) => Number.isNaN(v) || (v >= 0 && Number.isFinite(v))) &&
        (Number.isNaN(u.fundingRate) || Number.isFinite(u.fundingRate)),
    ) && f.skipped.every((s) => typeof s.reason === 'string' && s.reason !== '')
  );
}

/** `value` with the leaf at a random place replaced by `by`. */
function replaceLeaf(value: unknown, pick: number, by: unknown): unknown {
  const leaves: { parent: Record<string, unknown> | unknown[]; key: string | number }[] = [];
  const walk = (v: unknown) => {
    if (Array.isArray(v))
      v.forEach((x, k) => (x !== null && typeof x === 'object' ? walk(x) : leaves.push({ parent: v, key: k })));
    else if (v !== null && typeof v === 'object')
      for (const [k, x] of Object.entries(v))
        x !== null && typeof x === 'object' ? walk(x) : leaves.push({ parent: v as Record<string, unknown>, key: k });
  };
  walk(value);
  const leaf = leaves[pick % Math.max(leaves.length, 1)];
  if (leaf) (leaf.parent as Record<string | number, unknown>)[leaf.key] = by;
  return value;
}

const frame = fc.constantFrom(...frames);
// `{toString: false}` is JSON that cannot even be turned into text: a parser quoting it with `${}` would throw.
const UNPRINTABLE = { toString: false };
const bad = fc.oneof(
  fc.constantFrom(
    0,
    -1,
    '0',
    '-5',
    'NaN',
    'Infinity',
    '',
    ' ',
    null,
    true,
    [],
    {},
    UNPRINTABLE,
    1e308,
    -1e308,
    '1e999',
    'abc',
  ),
  fc.jsonValue(),
);

t.test(`${frames.length} fixture frames of ${VENUES.length} venues are read without a skip`, async (t) => {
  for (const f of frames)
    t.same(
      venueNamed(f.venue)!.parseFrame(f.text, f.market).skipped,
      [],
      `${f.venue} ${f.market}: ${f.text.slice(0, 60)}`,
    );
});

t.test('a frame cut short anywhere is skipped whole, never thrown', async () => {
  fc.assert(
    fc.property(frame, fc.nat(), ({ venue, market, text }, at) => {
      const cut = text.slice(0, at % text.length);
      const parsed = venueNamed(venue)!.parseFrame(cut, market);
      return sound(parsed) && (cut === 'pong' || parsed.updates.length === 0);
    }),
    { numRuns: 2000 },
  );
});

t.test('any value replaced by a wrong one: read soundly or skipped with a reason', async () => {
  fc.assert(
    fc.property(frame, fc.nat(), bad, ({ venue, market, text }, pick, by) => {
      if (!text.startsWith('{')) return true;
      return sound(venueNamed(venue)!.parseFrame(JSON.stringify(replaceLeaf(JSON.parse(text), pick, by)), market));
    }),
    { numRuns: 3000 },
  );
});

t.test('a control frame or a venue error whose values cannot be turned into text is read, not thrown', async (t) => {
  const cases: [string, Market, unknown][] = [
    ['bybit', 'perp', { op: UNPRINTABLE, args: ['1767225620000'], conn_id: 'c8a1e7d0-11' }],
    [
      'bybit',
      'spot',
      { op: 'subscribe', success: false, ret_msg: { msg: UNPRINTABLE, message: 'denied', code: UNPRINTABLE } },
    ],
    ['kraken', 'spot', { method: UNPRINTABLE, success: true }],
    ['kraken', 'spot', { method: 'subscribe', success: false, error: { code: UNPRINTABLE, msg: 'no such pair' } }],
  ];
  for (const [venue, market, doc] of cases)
    t.ok(
      sound(venueNamed(venue)!.parseFrame(JSON.stringify(doc), market)),
      `${venue} ${market}: ${JSON.stringify(doc)}`,
    );
});

t.test('arbitrary JSON and text', async () => {
  const markets = VENUES.flatMap((v) => Object.keys(v.markets).map((m) => ({ venue: v, market: m as Market })));
  fc.assert(
    fc.property(fc.constantFrom(...markets), fc.oneof(fc.json(), fc.string()), ({ venue, market }, text) =>
      sound(venue.parseFrame(text, market)),
    ),
    { numRuns: 3000 },
  );
});

t.test('REST parsers refuse a bad payload with a PayloadError, or read what they can', async () => {
  const parsers = VENUES.flatMap((v) =>
    Object.values(v.markets).flatMap((m) => [
      (text: string) => m.rest.parseKlines(text),
      ...(m.rest.parseFundingHistory ? [(text: string) => m.rest.parseFundingHistory!(text)] : []),
      ...(m.rest.parseOpenInterest ? [(text: string) => m.rest.parseOpenInterest!(text)] : []),
      ...(m.rest.parseSnapshot ? [(text: string) => m.rest.parseSnapshot!(text, 'BTC')] : []),
    ]),
  );
  fc.assert(
    fc.property(
      fc.constantFrom(...parsers),
      fc.oneof(
        fc.json(),
        fc.string(),
        fc
          .array(fc.array(fc.oneof(fc.string(), fc.double(), fc.integer())), { maxLength: 3 })
          .map((a) => JSON.stringify(a)),
      ),
      (parse, text) => {
        try {
          parse(text);
          return true;
        } catch (err) {
          return err instanceof PayloadError;
        }
      },
    ),
    { numRuns: 3000 },
  );
});
