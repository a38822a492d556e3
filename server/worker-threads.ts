// The worker threads (Piscina) that run named kernel tasks, typed arrays transferred rather than copied. Not to be
// confused with the price pool (core/kernels/pool.ts) or the database's connections (db.ts).
import { Piscina } from 'piscina';
import type { TaskMessage, TaskName, Tasks } from '../workers/tasks.js';
import { threadExecArgv, threadFile } from './thread-start.js';

const BOOT = threadFile('workers/boot.mjs', 'workers/tasks.js').href;

export class WorkerThreads {
  private readonly piscina: Piscina;

  constructor(readonly size: number) {
    this.piscina = new Piscina({
      filename: BOOT,
      execArgv: threadExecArgv(),
      minThreads: size,
      maxThreads: size,
      maxQueue: 'auto',
    });
  }

  /** Runs `task`; `transfer` lists the buffers handed over to the worker (they are detached here afterwards). */
  run<N extends TaskName>(
    task: N,
    input: Parameters<Tasks[N]>[0],
    options: { transfer?: ArrayBuffer[]; signal?: AbortSignal } = {},
  ): Promise<ReturnType<Tasks[N]>> {
    const message: TaskMessage<N> = { task, input };
    // Piscina listens on the signal it is given: a signal of the task's own, following the caller's without a listener
    // on it, so that a request running many tasks does not collect one listener each (server/on-abort.ts).
    const signal = options.signal ? AbortSignal.any([options.signal]) : null;
    return this.piscina.run(message, { transferList: options.transfer ?? [], signal });
  }

  get threads(): number {
    return this.piscina.threads.length;
  }

  close(): Promise<void> {
    return this.piscina.close();
  }
}
