// Load measurement shared by the HTTP benchmarks: autocannon against one URL, per-response times at 1 µs resolution,
// and the server's CPU time per response from /proc (which still compares when the load generator is the bottleneck).

import { readFileSync } from 'node:fs';
import { createHistogram } from 'node:perf_hooks';
import autocannon, { type Result } from 'autocannon';

export interface LoadOptions {
  connections: number;
  pipelining: number;
  /** Seconds of load before measuring (not counted). */
  warmup: number;
  /** Seconds measured. */
  duration: number;
}

/** What is sent: a GET by default, or a method and body (the MCP benchmark POSTs JSON-RPC). */
export interface Target {
  url: string;
  headers: Record<string, string>;
  method?: string;
  body?: string;
}

/** utime and stime of a process in seconds (Linux), to tell whether the server or the load generator was the bottleneck. */
export function cpuSeconds(pid: number | undefined): { user: number; sys: number } | null {
  if (pid === undefined) return null;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // Fields 14 and 15 of stat(5), counted after the command name; the kernel's USER_HZ is 100 on Linux.
    return { user: Number(fields[11]) / 100, sys: Number(fields[12]) / 100 };
  } catch {
    return null;
  }
}

/** Resident set size of a process in MB (10^6 bytes), from /proc; null when unreadable. */
export function rssMb(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb === undefined ? null : (Number(kb) * 1024) / 1e6;
  } catch {
    return null;
  }
}

export interface Measured {
  label: string;
  result: Result;
  p50: number;
  p99: number;
  mean: number;
  serverCpu: number | null;
  /** Server CPU time per response: unlike req/s, it still compares when the load generator is the bottleneck. */
  serverUsPerResponse: number | null;
  /** The kernel's share of it (sockets, pipe writes): what JavaScript profiles do not show. */
  serverSysUsPerResponse: number | null;
  benchCpu: number;
  /** The server's RSS in MB at the end of the measured run. */
  rssMb: number | null;
  /** Seconds the measured run took. */
  wall: number;
}

export async function load(
  label: string,
  target: Target,
  pid: number | undefined,
  { connections, pipelining, warmup, duration }: LoadOptions,
  onMeasureStart: () => void = () => undefined,
): Promise<Measured> {
  const options = { ...target, connections, pipelining, timeout: 10 };
  if (warmup > 0) await autocannon({ ...options, duration: warmup });
  onMeasureStart();

  // autocannon's own histogram has 1 ms resolution, too coarse for loopback; record its per-response times in µs.
  const hist = createHistogram();
  const serverCpu0 = cpuSeconds(pid);
  const benchCpu0 = process.cpuUsage();
  const t0 = performance.now();
  const instance = autocannon({ ...options, duration });
  instance.on('response', (_client, status, _bytes, ms) => {
    if (status >= 200 && status < 300) hist.record(Math.max(1, Math.round(ms * 1000)));
  });
  const result = await instance;
  const wall = (performance.now() - t0) / 1000;
  const serverCpu1 = cpuSeconds(pid);
  const serverTime =
    serverCpu0 && serverCpu1 ? { user: serverCpu1.user - serverCpu0.user, sys: serverCpu1.sys - serverCpu0.sys } : null;
  const responses = Math.max(1, result.requests.total);
  const benchCpu = process.cpuUsage(benchCpu0);
  return {
    label,
    result,
    p50: hist.percentile(50) / 1000,
    p99: hist.percentile(99) / 1000,
    mean: hist.mean / 1000,
    serverCpu: serverTime ? (serverTime.user + serverTime.sys) / wall : null,
    serverUsPerResponse: serverTime ? ((serverTime.user + serverTime.sys) * 1e6) / responses : null,
    serverSysUsPerResponse: serverTime ? (serverTime.sys * 1e6) / responses : null,
    benchCpu: (benchCpu.user + benchCpu.system) / 1e6 / wall,
    rssMb: rssMb(pid),
    wall,
  };
}

/**
 * The CPU a process spends per second with no request to answer, over `seconds`: a live server's ticks, simulated
 * feeds and writes, which a measured run also pays and bare uWS does not.
 */
export async function cpuAtRest(pid: number | undefined, seconds: number): Promise<number | null> {
  const c0 = cpuSeconds(pid);
  const t0 = performance.now();
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  const c1 = cpuSeconds(pid);
  return c0 && c1 ? (c1.user - c0.user + c1.sys - c0.sys) / ((performance.now() - t0) / 1000) : null;
}

/** CPU µs per response of a run with `atRest` CPU seconds per second taken off: what answering alone cost. */
export function netUsPerResponse(m: Measured, atRest: number | null): number | null {
  if (m.serverUsPerResponse === null || atRest === null) return null;
  return m.serverUsPerResponse - (atRest * m.wall * 1e6) / Math.max(1, m.result.requests.total);
}

export const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

/** The header row of `row`'s columns. */
export const HEADER = [
  '',
  'req/s',
  'p50 ms',
  'p99 ms',
  'mean ms',
  'MB/s',
  'non-2xx',
  'err+t/o',
  'B/resp',
  'server CPU',
  'CPU µs/resp',
  'of it sys',
  'bench CPU',
  'responses',
  'RSS MB',
];

export function row(m: Measured): string[] {
  const r = m.result;
  const bytesPerResponse = r.throughput.total / Math.max(1, r.requests.total);
  return [
    m.label,
    fmt(r.requests.mean),
    fmt(m.p50, 2),
    fmt(m.p99, 2),
    fmt(m.mean, 2),
    fmt(r.throughput.mean / 1e6, 2),
    fmt(r.non2xx),
    fmt(r.errors + r.timeouts),
    fmt(bytesPerResponse),
    m.serverCpu === null ? '?' : `${fmt(m.serverCpu * 100)}%`,
    m.serverUsPerResponse === null ? '?' : fmt(m.serverUsPerResponse, 1),
    m.serverSysUsPerResponse === null ? '?' : fmt(m.serverSysUsPerResponse, 1),
    `${fmt(m.benchCpu * 100)}%`,
    fmt(r.requests.total),
    m.rssMb === null ? '?' : fmt(m.rssMb),
  ];
}

export function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  return rows
    .map((r) => r.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  '))
    .join('\n');
}
