// bench:sec-parse — reading a companyfacts file (the real samples, 1.3 to 3.7 MB) into columns, against JSON.parse of
// the same text (the ceiling: no reader of that JSON can be faster), then building every metric by fiscal period.
// Prints milliseconds per file, and the memory the parsed columns keep next to what JSON.parse's objects would.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { companyFinancials } from '../core/financials/company-financials.js';
import { parseCompanyFacts } from '../core/sources/sec/companyfacts.js';

const DIR = fileURLToPath(new URL('../../shared/realdata/sec_edgar/companyfacts/', import.meta.url));
const FILES = ['CIK0000320193.json', 'CIK0001652044.json', 'CIK0001835632.json'];
const RUNS = Number(process.env.BENCH_RUNS ?? 20);

function msPer(fn: () => unknown): number {
  for (let k = 0; k < 3; k++) fn();
  const t0 = performance.now();
  for (let k = 0; k < RUNS; k++) fn();
  return (performance.now() - t0) / RUNS;
}

// Results held here while their memory is measured (a local the result is only tested through may be dropped early).
const held: unknown[] = [];

/** Heap (and typed-array memory) that `read` keeps while its result is held: the median of five tries. */
function keptBytes(read: () => unknown): number {
  const tries: number[] = [];
  for (let k = 0; k < 5; k++) {
    globalThis.gc?.();
    const before = process.memoryUsage();
    held.push(read());
    globalThis.gc?.();
    const after = process.memoryUsage();
    tries.push(after.heapUsed - before.heapUsed + (after.arrayBuffers - before.arrayBuffers));
    held.length = 0;
  }
  return tries.sort((a, b) => a - b)[2]!;
}

for (const file of FILES) {
  let text: string;
  try {
    text = readFileSync(join(DIR, file), 'utf8');
  } catch {
    console.log(`${file}: absent (${DIR}), skipped`);
    continue;
  }
  const ceiling = msPer(() => JSON.parse(text));
  const parse = msPer(() => parseCompanyFacts(text));
  const cf = parseCompanyFacts(text);
  const build = msPer(() => companyFinancials(cf));
  const mb = text.length / 1e6;
  console.log(
    `${file}: ${mb.toFixed(1)} MB, ${cf.facts.end.length} facts | parse ${parse.toFixed(1)} ms (${(mb / (parse / 1000)).toFixed(0)} MB/s), ` +
      `JSON.parse alone ${ceiling.toFixed(1)} ms, ratio ${(parse / ceiling).toFixed(2)} | all metrics by period ${build.toFixed(1)} ms | ` +
      `kept ${(keptBytes(() => parseCompanyFacts(text)) / 1e6).toFixed(1)} MB (JSON.parse's objects: ${(keptBytes(() => JSON.parse(text)) / 1e6).toFixed(1)} MB)` +
      (globalThis.gc ? '' : ' (run with --expose-gc for steady memory figures)'),
  );
}
