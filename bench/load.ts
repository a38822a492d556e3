// First start with the demo universe on a fresh DATA_DIR, timed to /ready, against the one-minute budget of the issue.
import { rmSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { startServer, tempDataDir } from '../harness/server.js';

const BUDGET_S = 60;
const minuteDays = process.env.DEMO_MINUTE_DAYS ?? '1';
const dataDir = tempDataDir();
try {
  const t0 = performance.now();
  const server = await startServer({ dataDir, env: { TAPEWIRE_DEMO: '1', DEMO_MINUTE_DAYS: minuteDays } });
  const seconds = (performance.now() - t0) / 1000;
  const loaded = server.logs.find((l) => l.msg === 'demo universe loaded');
  await server.stop();
  if (!loaded) throw new Error('the server was ready without loading the demo');
  console.log(`bench:load: ${cpus().length} cores, load average ${loadavg()[0]!.toFixed(2)}, DEMO_MINUTE_DAYS=${minuteDays}`);
  console.log(`first start to /ready: ${seconds.toFixed(1)} s; budget ${BUDGET_S} s; ratio ${(seconds / BUDGET_S).toFixed(2)} (under 1 meets it)`);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
