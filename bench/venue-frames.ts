// bench:venue-frames — venue frames read and merged into quotes per second on one thread, per venue, against the
// ceiling of JSON.parse alone on the same frames: what a connector's parser costs the main thread per message. The
// two alternate in short rounds and the medians are kept, so a busy machine slows both alike.

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { allocateVenueQuotes } from '../core/sources/records.js';
import { VENUES } from '../core/sources/venues/index.js';
import type { Market } from '../core/sources/venues/protocol.js';
import { applyUpdate } from '../core/sources/venues/quotes.js';

const FIXTURES = fileURLToPath(new URL('../test/fixtures/venues/', import.meta.url));
const BUDGET_MS = Number(process.env.BENCH_MS_PER_CASE ?? 2000);
const ROUNDS = 9;
const UNITS = { usdPerQuote: 1, fundingIntervalHours: 8 };

/** Frames per second `work` gets through in `ms`, cycling over `frames`. */
function rate(frames: string[], work: (text: string) => void, ms: number): number {
  let n = 0;
  const t0 = performance.now();
  while (performance.now() - t0 < ms) {
    for (let k = 0; k < 1000; k++) work(frames[(n + k) % frames.length]!);
    n += 1000;
  }
  return (n / (performance.now() - t0)) * 1000;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;

/** The median rates of `work` and of `ceiling`, measured in alternate rounds after a warm-up of both. */
function compare(frames: string[], work: (text: string) => void, ceiling: (text: string) => void): [number, number] {
  rate(frames, work, 200);
  rate(frames, ceiling, 200);
  const a: number[] = [];
  const b: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    a.push(rate(frames, work, BUDGET_MS / ROUNDS / 2));
    b.push(rate(frames, ceiling, BUDGET_MS / ROUNDS / 2));
  }
  return [median(a), median(b)];
}

const rows: string[][] = [];
for (const venue of VENUES) {
  for (const file of readdirSync(join(FIXTURES, venue.id))
    .filter((f) => f.endsWith('-frames.jsonl'))
    .sort()) {
    const market = file.split('-')[0] as Market;
    const all = readFileSync(join(FIXTURES, venue.id, file), 'utf8')
      .split('\n')
      .filter(Boolean);
    // The market data a connector mostly receives; acks and pongs are rare.
    const frames = all.filter((text) => venue.parseFrame(text, market).updates.length > 0);
    const symbols = new Map<string, number>();
    const quotes = allocateVenueQuotes(64);
    let now = 1767225600000;
    const merge = (text: string) => {
      for (const u of venue.parseFrame(text, market).updates) {
        let j = symbols.get(u.symbol);
        if (j === undefined) symbols.set(u.symbol, (j = symbols.size));
        applyUpdate(quotes, j, u, UNITS, now++);
      }
    };
    const [parsedAndMerged, ceiling] = compare(frames, merge, (text) => JSON.parse(text));
    const bytes = Math.round(frames.reduce((s, f) => s + f.length, 0) / frames.length);
    rows.push([
      `${venue.id} ${market}`,
      String(bytes),
      Math.round(parsedAndMerged).toLocaleString('en-US'),
      Math.round(ceiling).toLocaleString('en-US'),
      (parsedAndMerged / ceiling).toFixed(2),
    ]);
  }
}

console.log(`bench:venue-frames (${BUDGET_MS} ms a case in ${ROUNDS} alternating rounds, medians, one thread)`);
console.log('| venue market | bytes/frame | frames/s parsed and merged | frames/s JSON.parse alone | ratio |');
console.log('| --- | --- | --- | --- | --- |');
for (const r of rows) console.log(`| ${r.join(' | ')} |`);
