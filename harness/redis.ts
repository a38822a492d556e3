// A redis-server of a test's own, from the PATH (Debian's, which .ci/run installs): on a free loopback port, keeping
// nothing on disk, and ending with the process that started it even when that process is killed outright.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { clock } from '../server/clock.js';
import { freePort } from '../server/free-port.js';

/** Why a test of the broker is skipped here, or false when redis-server is on the PATH. */
export const NO_REDIS = onPath('redis-server')
  ? false
  : 'no redis-server on the PATH (apt-get install redis-server; .ci/run installs it)';

export interface RedisHandle {
  url: string;
  port: number;
  /** The server's process id (a new one after restart). */
  readonly pid: number;
  /** Ends the server (SIGKILL: as a crash or a lost network would), waiting for it to exit. */
  stop(): Promise<void>;
  /** Starts it again on the same port, empty, as after a restart without persistence. */
  restart(): Promise<void>;
  /** Stops it (SIGSTOP) with its connections open: nothing answers, as with a hung server or a lost route. */
  pause(): void;
  resume(): void;
}

const READY_DEADLINE_MS = 10_000;

/** Starts a redis-server and waits until it answers PING. */
export async function startRedis(): Promise<RedisHandle> {
  const port = await freePort();
  let child = await launch(port);
  const stop = async () => {
    const c = child;
    if (c.exitCode !== null || c.signalCode !== null) return;
    const exited = new Promise((resolve) => c.once('exit', resolve));
    c.kill('SIGKILL');
    await exited;
  };
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    get pid() {
      return child.pid!;
    },
    stop,
    async restart() {
      await stop();
      child = await launch(port);
    },
    // setpriv execs redis-server: the child's pid is the server's.
    pause: () => void child.kill('SIGSTOP'),
    resume: () => void child.kill('SIGCONT'),
  };
}

async function launch(port: number): Promise<ChildProcess> {
  // setpriv's parent-death signal survives its exec of redis-server, so the server ends with the test process however
  // that ends: normally, on a signal, or killed by tap's timeout (SIGKILL, which runs no handler).
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', tmpdir()];
  const child = spawn('setpriv', ['--pdeathsig', 'KILL', 'redis-server', ...args], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (d) => (stderr += d));
  const deadline = clock.now() + READY_DEADLINE_MS;
  while (!(await answersPing(port))) {
    if (child.exitCode !== null) throw new Error(`redis-server exited with ${child.exitCode}: ${stderr}`);
    if (clock.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`redis-server not answering PING on port ${port} within ${READY_DEADLINE_MS / 1000} s`);
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  return child;
}

/** Whether a Redis answers PING on `port` (inline command: no client needed). */
export function answersPing(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let reply = '';
    socket.setTimeout(1000, () => socket.destroy());
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (d) => {
      reply += d;
      if (reply.includes('\r\n')) socket.end();
    });
    socket.on('error', () => undefined);
    socket.on('close', () => resolve(reply.startsWith('+PONG')));
  });
}

function onPath(command: string): boolean {
  try {
    execFileSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
