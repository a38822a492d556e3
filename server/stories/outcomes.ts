// Links catalysts whose time has passed to the stories that reported their outcome, as those stories arrive: at start
// and then every minute (sql/queries/catalysts.sql, linkCatalystOutcomes, holds the rule).
import { type Logger, logFailure } from '../log.js';
import type { CatalystService } from '../services/read/catalysts.js';

export class OutcomeLinker {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> = Promise.resolve(0);

  constructor(
    private readonly catalysts: CatalystService,
    private readonly log: Logger,
  ) {}

  async start(everyMs: number): Promise<void> {
    await this.run();
    this.timer = setInterval(
      () => void this.run().catch((err) => logFailure(this.log, err, 'catalyst outcomes not linked')),
      everyMs,
    );
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running.catch(() => undefined);
  }

  /** Links what can be linked now; resolves to how many catalysts were. */
  run(): Promise<number> {
    this.running = this.running.then(async () => {
      const linked = await this.catalysts.linkOutcomes();
      if (linked) this.log.info({ catalysts: linked }, 'catalyst outcomes linked');
      return linked;
    });
    return this.running;
  }
}
