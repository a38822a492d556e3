// bench:macro: /v1/macro/{slug}?maxPoints=500 over a 10,000-point daily series, and /v1/odds/{slug} with 30 days of
// hourly history per outcome, each against a bare uWS process serving the same bytes (bench/endpoint.ts). The data is
// generated here in the sources' own formats (a FRED CSV, a Polymarket Gamma event and Data API trades) and imported
// into an empty server, as an operator would import downloaded files.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from '../harness/server.js';

const DAY_MS = 86_400_000;
const POINTS = 10_000;
const dir = mkdtempSync(join(tmpdir(), 'tw-bench-macro-'));

// A daily series of weekdays with a random walk, as long as FRED's longest samples.
const rows: string[] = [];
let value = 4;
let seed = 20261121;
const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
for (let d = Date.UTC(1988, 0, 1); rows.length < POINTS; d += DAY_MS) {
  if ([0, 6].includes(new Date(d).getUTCDay())) continue;
  value = Math.max(0.01, value + (random() - 0.5) * 0.1);
  rows.push(`${new Date(d).toISOString().slice(0, 10)},${value.toFixed(2)}`);
}
writeFileSync(join(dir, 'DGS10.csv'), `date,value\n${rows.join('\n')}\n`);

// A rate-decision market with two outcomes, and a trade every hour of the last 30 days on each.
const now = Date.now();
const end = now - (now % 3_600_000);
const market = {
  id: '1',
  slug: 'bench-fed-decision',
  title: 'Fed decision (bench)',
  endDate: new Date(end + 30 * DAY_MS).toISOString(),
  negRisk: true,
  markets: [
    {
      question: 'Will the Fed cut rates at its next meeting (bench)?',
      conditionId: '0xbench',
      slug: 'bench-fed-cut',
      groupItemTitle: 'Cut',
      outcomes: '["Yes", "No"]',
      outcomePrices: '["0.3", "0.7"]',
      clobTokenIds: '["9001", "9002"]',
      volumeNum: 1_000_000,
      liquidityNum: 50_000,
      startDate: new Date(end - 60 * DAY_MS).toISOString(),
      endDate: new Date(end + 30 * DAY_MS).toISOString(),
      closed: false,
    },
  ],
};
writeFileSync(join(dir, 'a-event.json'), JSON.stringify(market));
const trades = Array.from({ length: 30 * 24 }, (_, k) => k).flatMap((k) => {
  const p = Math.round((0.3 + 0.1 * Math.sin(k / 20)) * 1000) / 1000;
  const timestamp = Math.floor((end - k * 3_600_000) / 1000);
  return [
    { asset: '9001', price: p, timestamp },
    { asset: '9002', price: Math.round((1 - p) * 1000) / 1000, timestamp },
  ];
});
writeFileSync(join(dir, 'b-trades.json'), JSON.stringify(trades));

const args = [
  '--import',
  'tsx',
  'bench/endpoint.ts',
  '--name',
  'bench:macro',
  '--import',
  `fred=${join(dir, 'DGS10.csv')}`,
  '--import',
  `polymarket=${join(dir, 'a-event.json')}`,
  '--import',
  `polymarket=${join(dir, 'b-trades.json')}`,
  '--path',
  '/v1/macro/us-10y-yield?maxPoints=500',
  '--path',
  '/v1/odds/bench-fed-cut',
  ...process.argv.slice(2),
];
const child = spawn(process.execPath, args, { cwd: ROOT, stdio: 'inherit' });
child.on('exit', (code) => {
  rmSync(dir, { recursive: true, force: true });
  process.exit(code ?? 1);
});
