// bench:import-latency: what readers wait while a large file is imported into a running server. An empty server (the
// embedded database) is asked /v1/meta (from memory) and /v1/events?q= (a new word each time: from the database, never
// a kept answer) by one client in a loop, idle and then while `tapewire import` writes a 60,000-story wire file through
// the control socket; prints each one's p50 and p99 both ways and the ratio (ceiling 3x: the import must not stall
// the service).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, type ServerHandle, startServer } from '../harness/server.js';

const STORIES = 60_000;
const CEILING = 3;
const dir = mkdtempSync(join(tmpdir(), 'tw-bench-import-'));
const items = Array.from({ length: STORIES }, (_, k) => ({
  guid: `bench-${k}`,
  published: new Date(Date.UTC(2024, 0, 1) + k * 600_000).toISOString(),
  precision: 'minute',
  category: 'news',
  title: `Bench story ${k} about prices and rates`,
  importance: 10 + (k % 80),
  provider: 'Bench Wire',
  link: `https://wire.example/bench/${k}`,
  about: [{ type: 'company', id: 'apple', name: 'Apple' }],
}));
writeFileSync(join(dir, 'wire.json'), JSON.stringify({ feed: 'tapewire-demo-wire', items }));

const quantile = (ms: number[], q: number) =>
  [...ms].sort((a, b) => a - b)[Math.min(ms.length - 1, Math.floor(q * ms.length))]!;

/** Asks each path in turn until `until` settles; the times of each. */
async function sample(server: ServerHandle, paths: string[], until: Promise<unknown>): Promise<Map<string, number[]>> {
  const times = new Map(paths.map((p) => [p, [] as number[]]));
  let done = false;
  until.finally(() => (done = true));
  for (let k = 0; !done; k++) {
    for (const path of paths) {
      const t0 = performance.now();
      const res = await server.get(path.replace('{k}', String(k)));
      if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
      await res.arrayBuffer();
      times.get(path)!.push(performance.now() - t0);
    }
  }
  return times;
}

const server = await startServer({ env: { TAPEWIRE_ANON: '1', RATE_LIMIT_ANON_RPM: '100000000', TAPEWIRE_DEMO: '0' } });
try {
  const paths = ['/v1/meta', '/v1/events?q=rates{k}&limit=30'];
  const idle = await sample(server, paths, new Promise((r) => setTimeout(r, 5000)));
  const started = performance.now();
  const importing = new Promise<number>((resolve) => {
    const child = spawn(process.execPath, ['bin/tapewire.mjs', 'import', 'demo', join(dir, 'wire.json')], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: server.dataDir },
      stdio: 'inherit',
    });
    child.on('exit', (code) => resolve(code ?? -1));
  });
  const during = await sample(server, paths, importing);
  console.log(
    `bench:import-latency: ${STORIES} stories imported in ${((performance.now() - started) / 1000).toFixed(1)} s (exit ${await importing})`,
  );
  for (const path of paths) {
    const [a, b] = [idle.get(path)!, during.get(path)!];
    const [p50a, p99a, p50b, p99b] = [quantile(a, 0.5), quantile(a, 0.99), quantile(b, 0.5), quantile(b, 0.99)];
    const [maxA, maxB] = [Math.max(...a), Math.max(...b)];
    console.log(
      `  ${path}: idle p50 ${p50a.toFixed(2)} p99 ${p99a.toFixed(2)} max ${maxA.toFixed(1)} ms (${a.length}); importing p50 ${p50b.toFixed(2)} p99 ${p99b.toFixed(2)} max ${maxB.toFixed(1)} ms (${b.length}); p99 ratio ${(p99b / p99a).toFixed(1)} (ceiling ${CEILING}), longest wait ${maxB.toFixed(0)} ms`,
    );
  }
} finally {
  await server.dispose();
  rmSync(dir, { recursive: true, force: true });
}
