// A `tapewire cluster` for bench:cluster: on a copy of the demo with a redis-server of its own, a bench key made with
// the keys command, and the process ids of its parts (api nodes, leader, standby, database, Redis) for /proc.
import { type ChildProcess, spawn } from 'node:child_process';
import { openSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { type RedisHandle, startRedis } from '../harness/redis.js';
import { demoDataDir, ROOT, runCli } from '../harness/server.js';
import { freePort } from '../server/free-port.js';

const READY_MS = 300_000;

export interface ClusterNode {
  id: string;
  role: 'ingest' | 'api';
  pid: number;
  leader: boolean;
}

export interface Parts {
  api: number[];
  leader: number[];
  standby: number[];
  database: number[];
  redis: number[];
}

export interface RunningCluster {
  port: number;
  key: string;
  /** The nodes as /v1/meta lists them. */
  nodes(): Promise<ClusterNode[]>;
  parts(): Promise<Parts>;
  stop(): Promise<void>;
}

/** The direct children of `pid` whose command line has `word` as an argument. */
function childrenWith(pid: number, word: string): number[] {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid !== pid) continue;
      if (readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0').includes(word)) found.push(Number(entry));
    } catch {
      // The process ended while being read.
    }
  }
  return found;
}

export async function startCluster(apis: number, env: Record<string, string>): Promise<RunningCluster> {
  const redis: RedisHandle = await startRedis();
  const dataDir = await demoDataDir();
  const port = await freePort();
  const child: ChildProcess = spawn(
    process.execPath,
    ['bin/tapewire.mjs', 'cluster', '--api', String(apis), '--port', String(port)],
    {
      cwd: ROOT,
      env: { ...process.env, ...env, DATA_DIR: dataDir, REDIS_URL: redis.url, DEMO_MINUTE_DAYS: '1' },
      // BENCH_CLUSTER_LOG names a file for the nodes' logs (why a stream closed, say); else they are dropped.
      stdio: [
        'ignore',
        process.env.BENCH_CLUSTER_LOG ? openSync(process.env.BENCH_CLUSTER_LOG, 'a') : 'ignore',
        'pipe',
      ],
    },
  );
  let stderr = '';
  child.stderr!.on('data', (d) => (stderr += d));
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    await redis.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = performance.now() + READY_MS;
  while (!stderr.includes('cluster ready')) {
    if (child.exitCode !== null || performance.now() > deadline) {
      await stop();
      throw new Error(`the cluster did not come up; it said:\n${stderr.slice(-4000)}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  const made = await runCli('keys', ['create', '--name', 'bench', '--rpm', '100000000'], {
    DATA_DIR: dataDir,
    REDIS_URL: redis.url,
  });
  if (made.code !== 0) {
    await stop();
    throw new Error(`tapewire keys create: ${made.stderr}`);
  }
  const key = made.stdout.trim();
  const nodes = async () => {
    const res = await fetch(`http://127.0.0.1:${port}/v1/meta`, { headers: { authorization: `Bearer ${key}` } });
    return ((await res.json()) as { data: { cluster: { nodes: ClusterNode[] } } }).data.cluster.nodes;
  };
  // Every node learns of the key through Redis; give them the moment it takes.
  await new Promise((r) => setTimeout(r, 1000));
  return {
    port,
    key,
    nodes,
    async parts() {
      const listed = await nodes();
      const pids = (pick: (n: ClusterNode) => boolean) => listed.filter(pick).map((n) => n.pid);
      return {
        api: pids((n) => n.role === 'api'),
        leader: pids((n) => n.leader),
        standby: pids((n) => n.role === 'ingest' && !n.leader),
        database: childrenWith(child.pid!, 'database'),
        redis: [redis.pid],
      };
    },
    stop,
  };
}
