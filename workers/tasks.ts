// Piscina tasks: thin wrappers that run core kernels on transferred buffers and move the results back.
import { Piscina } from 'piscina';
import { downsample, seriesViews } from '../core/kernels/downsample.js';
import { dailyMoves, movesInputViews, movesOutputViews } from '../core/kernels/moves.js';
import { type PoolParams, poolInputViews, poolOutputBytes, poolOutputViews, poolQuotes } from '../core/kernels/pool.js';

/** A tick's venue state packed by poolInputViews; the answer is the buffer of poolOutputViews. */
export interface PoolTask {
  buffer: ArrayBuffer;
  instruments: number;
  venues: number;
  params: PoolParams;
}

/** Daily closes packed by movesInputViews; the answer is the buffer of movesOutputViews. */
export interface MovesTask {
  buffer: ArrayBuffer;
  instruments: number;
  days: number;
}

/** A series packed by seriesViews (`points` of them); the answer is the kept points, packed the same way. */
export interface DownsampleTask {
  buffer: ArrayBuffer;
  points: number;
  maxPoints: number;
}

export const tasks = {
  pool: ({ buffer, instruments, venues, params }: PoolTask) => {
    const out = new ArrayBuffer(poolOutputBytes(instruments, venues));
    poolQuotes(poolInputViews(buffer, instruments, venues), params, poolOutputViews(out, instruments, venues));
    return Piscina.move(out) as ArrayBuffer;
  },
  moves: ({ buffer, instruments, days }: MovesTask) => {
    const out = new ArrayBuffer(days * 16);
    dailyMoves(movesInputViews(buffer, instruments, days), movesOutputViews(out, days));
    return Piscina.move(out) as ArrayBuffer;
  },
  downsample: ({ buffer, points, maxPoints }: DownsampleTask) => {
    const { ts, values } = seriesViews(buffer, points);
    return Piscina.move(downsample(ts, values, maxPoints)) as ArrayBuffer;
  },
};

export type Tasks = typeof tasks;
export type TaskName = keyof Tasks;

export interface TaskMessage<N extends TaskName = TaskName> {
  task: N;
  input: Parameters<Tasks[N]>[0];
}

export default function dispatch(message: TaskMessage): ReturnType<Tasks[TaskName]> {
  const run = tasks[message.task] as ((input: unknown) => ReturnType<Tasks[TaskName]>) | undefined;
  if (!run) throw new Error(`unknown worker task ${String(message.task)}`);
  return run(message.input);
}
