// Micro-benchmark of what authentication and rate limiting cost per request, against the 50 µs per-request budget.
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { generateKey, hashKey, lookupPrefix } from '../core/keys.js';
import { AuthError, KeyIndex, type KeyRecord, type Principal } from '../server/auth.js';
import { type HeaderSink, Limiter, RateLimitError } from '../server/limits.js';
import { LocalRateLimits } from '../server/rate-buckets.js';

const BUDGET_NS = 50_000;
const KEYS = 1_000;
const IPS = 10_000;
/** Share of requests made with a key; the rest are anonymous. */
const KEYED_SHARE = 0.8;
/** Simulated time between two requests: 10,000 req/s keeps every client under its quota (see below). */
const STEP_MS = 0.1;
const KEY_RPM = 600;
const ANON_RPM = 120;

const { values: argv } = parseArgs({
  options: { iterations: { type: 'string' }, rounds: { type: 'string' } },
});
const iterations = Number(argv.iterations ?? process.env.BENCH_ITERATIONS ?? 2_000_000);
const rounds = Number(argv.rounds ?? process.env.BENCH_ROUNDS ?? 3);
if (!Number.isInteger(iterations) || iterations < 1000 || !Number.isInteger(rounds) || rounds < 1) {
  console.error('--iterations must be an integer >= 1000 and --rounds an integer >= 1');
  process.exit(2);
}

/** Collects headers the way Exchange does: one array per request, name and value pushed in turn. */
class ArraySink implements HeaderSink {
  readonly headers: string[] = [];
  header(name: string, value: string): void {
    this.headers.push(name, value);
  }
}

// A seeded generator, so that every run sees the same request mix.
let seed = 0x2545f491;
const random = () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

const keyIndex = new KeyIndex({ keyRpm: KEY_RPM, anonRpm: ANON_RPM, anon: true, anonMetrics: false });
const keys: string[] = [];
const records: KeyRecord[] = [];
for (let id = 1; id <= KEYS; id++) {
  const key = generateKey();
  keys.push(key);
  records.push({
    id,
    prefix: lookupPrefix(key),
    hash: hashKey(key),
    name: `bench-${id}`,
    account: 'bench',
    createdAt: new Date().toISOString(),
    revoked: false,
    rpm: null,
    scopes: ['read'],
    expiresAt: null,
  });
}
keyIndex.load(records);
const authorizations = keys.map((k) => `Bearer ${k}`);
// Well-formed keys that are not in the index: what a key-guessing client sends.
const unknownAuthorizations = Array.from({ length: KEYS }, () => `Bearer ${generateKey()}`);
const ips = Array.from({ length: IPS }, (_, i) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`);

/**
 * One request per slot: a non-negative value is a key index, a negative one an IP (-1 - index). Uniform choice
 * within each group is the unfriendly case for caches; at STEP_MS a key averages 480 and an IP 12 requests a minute,
 * under their quotas of 600 and 120, so the allowed path is what gets measured.
 */
const MIX_LENGTH = 1 << 20;
const MIX_MASK = MIX_LENGTH - 1;
const mix = new Int32Array(MIX_LENGTH);
for (let i = 0; i < MIX_LENGTH; i++) {
  mix[i] = random() < KEYED_SHARE ? Math.floor(random() * KEYS) : -1 - Math.floor(random() * IPS);
}

// Prebuilt principals for the limiter alone: what authenticate() returns (the key ones are its own cached objects).
const keyPrincipals: Principal[] = authorizations.map((a) => keyIndex.authenticate(a, () => ''));
const anonPrincipals: Principal[] = ips.map((ip) => ({
  client: `ip:${ip}`,
  kind: 'anonymous',
  keyId: null,
  rpm: ANON_RPM,
  scopes: ['read'],
}));
const mapOfClients = new Map<string, number>();
[...keyPrincipals, ...anonPrincipals].forEach((p, i) => mapOfClients.set(p.client, i));
const clientNames = [...keyPrincipals, ...anonPrincipals].map((p) => p.client);

let clock = Date.now();
let checksum = 0;
let rejected = 0;

/** Each case owns its loop, so the timed code has no indirect call per iteration. Returns a value to keep it live. */
type Case = (n: number) => number;

function noopCase(n: number): number {
  const f = (x: number) => x;
  let acc = 0;
  for (let i = 0; i < n; i++) acc += f(i & 7);
  return acc;
}

function mapGetCase(n: number): number {
  let acc = 0;
  for (let i = 0; i < n; i++) {
    const m = mix[i & MIX_MASK]!;
    acc += mapOfClients.get(clientNames[m >= 0 ? m : KEYS - 1 - m]!)!;
  }
  return acc;
}

function dateNowCase(n: number): number {
  let acc = 0;
  for (let i = 0; i < n; i++) acc += Date.now() & 1;
  return acc;
}

function sinkOnlyCase(n: number): number {
  let acc = 0;
  for (let i = 0; i < n; i++) {
    const sink = new ArraySink();
    sink.header('X-Request-Id', 'x');
    acc += sink.headers.length;
  }
  return acc;
}

function makeLimiter(): Limiter {
  // The default RATE_LIMIT_MAX_CLIENTS: large enough that nobody in this mix is evicted.
  return new Limiter(new LocalRateLimits(100_000));
}

function limiterCase(limiter: Limiter): Case {
  return (n) => {
    let acc = 0;
    for (let i = 0; i < n; i++) {
      const m = mix[i & MIX_MASK]!;
      const p = m >= 0 ? keyPrincipals[m]! : anonPrincipals[-1 - m]!;
      const sink = new ArraySink();
      clock += STEP_MS;
      try {
        limiter.apply(p, sink, clock);
      } catch (err) {
        if (!(err instanceof RateLimitError)) throw err;
        rejected++;
      }
      acc += sink.headers.length;
    }
    return acc;
  };
}

function rejectedCase(limiter: Limiter): Case {
  const p: Principal = { client: 'key:exhausted', kind: 'key', keyId: 0, rpm: 1, scopes: ['read'] };
  return (n) => {
    let acc = 0;
    for (let i = 0; i < n; i++) {
      const sink = new ArraySink();
      try {
        limiter.apply(p, sink, clock);
      } catch (err) {
        if (!(err instanceof RateLimitError)) throw err;
        acc += err.retryAfterS;
      }
      acc += sink.headers.length;
    }
    return acc;
  };
}

function authKeyCase(n: number): number {
  let acc = 0;
  for (let i = 0; i < n; i++) {
    const m = mix[i & MIX_MASK]!;
    acc += keyIndex.authenticate(authorizations[m >= 0 ? m : (-1 - m) % KEYS]!, () => '').rpm;
  }
  return acc;
}

function authAnonCase(n: number): number {
  let acc = 0;
  for (let i = 0; i < n; i++) {
    const m = mix[i & MIX_MASK]!;
    const ip = ips[m < 0 ? -1 - m : m]!;
    acc += keyIndex.authenticate('', () => ip).rpm;
  }
  return acc;
}

/** The router's answer to a bad key: authenticate() throws, then the caller's IP bucket is charged. */
function invalidKeyCase(limiter: Limiter): Case {
  return (n) => {
    let acc = 0;
    for (let i = 0; i < n; i++) {
      const m = mix[i & MIX_MASK]!;
      const ip = ips[m < 0 ? -1 - m : m]!;
      const sink = new ArraySink();
      clock += STEP_MS;
      try {
        keyIndex.authenticate(unknownAuthorizations[i % KEYS]!, () => ip);
      } catch (err) {
        if (!(err instanceof AuthError)) throw err;
        try {
          limiter.apply(keyIndex.byIp(ip), sink, clock);
        } catch (limited) {
          if (!(limited instanceof RateLimitError)) throw limited;
        }
        acc += err.challenge.length;
      }
      acc += sink.headers.length;
    }
    return acc;
  };
}

function togetherCase(limiter: Limiter): Case {
  return (n) => {
    let acc = 0;
    for (let i = 0; i < n; i++) {
      const m = mix[i & MIX_MASK]!;
      const authorization = m >= 0 ? authorizations[m]! : '';
      const ip = m >= 0 ? '' : ips[-1 - m]!;
      const sink = new ArraySink();
      clock += STEP_MS;
      try {
        // As the router does: the address is read only for anonymous callers.
        limiter.apply(
          keyIndex.authenticate(authorization, () => ip),
          sink,
          clock,
        );
      } catch (err) {
        if (!(err instanceof RateLimitError)) throw err;
        rejected++;
      }
      acc += sink.headers.length;
    }
    return acc;
  };
}

interface Figure {
  name: string;
  nsMedian: number;
  nsMin: number;
  calls: number;
}

function measure(name: string, run: Case, n = iterations): Figure {
  // Warm-up: lets V8 optimise the loop and the code it calls before anything is timed.
  checksum += run(Math.max(1000, Math.floor(n / 5)));
  const perCall: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const t0 = process.hrtime.bigint();
    checksum += run(n);
    perCall.push(Number(process.hrtime.bigint() - t0) / n);
  }
  perCall.sort((a, b) => a - b);
  return { name, nsMedian: perCall[Math.floor(perCall.length / 2)]!, nsMin: perCall[0]!, calls: n * rounds };
}

const fmtNs = (ns: number) => (ns < 10 ? ns.toFixed(2) : ns < 100 ? ns.toFixed(1) : ns.toFixed(0));

function print(title: string, figures: Figure[], budget: boolean): void {
  console.log(`\n${title}`);
  const rows = [
    ['', 'ns/call (median)', 'min', 'calls', ...(budget ? ['÷ 50 µs budget', 'headroom'] : [])],
    ...figures.map((f) => [
      f.name,
      fmtNs(f.nsMedian),
      fmtNs(f.nsMin),
      f.calls.toLocaleString('en-US'),
      ...(budget
        ? [
            `${((100 * f.nsMedian) / BUDGET_NS).toFixed(2)}%`,
            `${Math.floor(BUDGET_NS / f.nsMedian).toLocaleString('en-US')}x`,
          ]
        : []),
    ]),
  ];
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  for (const r of rows)
    console.log(`  ${r.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ')}`);
}

console.log(`bench:ratelimit  ${new Date().toISOString()}`);
console.log(
  `  node ${process.version}, ${cpus().length} CPUs, load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}; ` +
    `${rounds} rounds of ${iterations.toLocaleString('en-US')} calls per case after a warm-up of a fifth of that`,
);
console.log(
  `  ${KEYS.toLocaleString('en-US')} keys (${KEY_RPM} rpm) and ${IPS.toLocaleString('en-US')} anonymous IPs (${ANON_RPM} rpm), ` +
    `${KEYED_SHARE * 100}% of requests keyed, uniform within each group; simulated clock at ${1000 / STEP_MS} req/s`,
);

const ceiling = [
  measure('empty function call (inlined)', noopCase),
  measure('Map.get, 11,000 client ids', mapGetCase),
  measure('Date.now()', dateNowCase),
  measure('new header sink + 1 header', sinkOnlyCase),
];
const limiterFigures = [
  measure('Limiter.apply, allowed (mix)', limiterCase(makeLimiter())),
  measure(
    'Limiter.apply, rejected (429, throws)',
    rejectedCase(makeLimiter()),
    Math.max(1000, Math.floor(iterations / 10)),
  ),
];
const rejectedBefore = rejected;
const authFigures = [
  measure('KeyIndex.authenticate, key (SHA-256)', authKeyCase),
  measure('KeyIndex.authenticate, anonymous', authAnonCase),
  measure('authenticate + apply (mix)', togetherCase(makeLimiter())),
  measure(
    'unknown key: authenticate throws + IP apply (401)',
    invalidKeyCase(makeLimiter()),
    Math.max(1000, Math.floor(iterations / 10)),
  ),
];

print('Reference (the cheapest things a request does, same run):', ceiling, false);
print('Rate limiter (server/limits.ts, headers into an array like Exchange):', limiterFigures, true);
print('Authentication (server/auth.ts), and both as the router runs them:', authFigures, true);
console.log(
  `\n429s in the allowed-path cases: ${rejected} (expected 0; ${rejectedBefore} in the limiter case alone). checksum ${checksum % 1000}`,
);
