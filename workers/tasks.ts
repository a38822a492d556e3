// Piscina tasks: thin wrappers that run core kernels on transferred buffers and move the results back.
import { Piscina } from 'piscina';
import { describe } from '../core/kernels/describe.js';

export const tasks = {
  describe: (input: Float64Array) => Piscina.move(describe(input)) as unknown as Float64Array,
};

export type Tasks = typeof tasks;
export type TaskName = keyof Tasks;

export interface TaskMessage<N extends TaskName = TaskName> {
  task: N;
  input: Parameters<Tasks[N]>[0];
}

export default function dispatch(message: TaskMessage): ReturnType<Tasks[TaskName]> {
  const run = tasks[message.task];
  if (!run) throw new Error(`unknown worker task ${String(message.task)}`);
  return run(message.input);
}
