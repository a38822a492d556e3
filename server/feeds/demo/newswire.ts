// The live demo's newswire: a routine story every DEMO_NEWS_EVERY_S, and each upcoming catalyst's outcome story when
// its time comes, with the shocks it gives the market. Each story goes out in the demo wire's own format and takes the path
// real news takes: parsed by the demo source's parser, written by the event service, announced on the stream. Its
// health in /v1/meta (demo-newswire) is live while it runs, each story counted as a message: it is its own source, so
// quiet hours are no staleness.

import { wireItem, wirePayload } from '../../../core/demo/payloads.js';
import type { LiveStory } from '../../../core/demo/story/draft.js';
import { liveStory, publishedStory } from '../../../core/demo/story.js';
import { parseDemoPayload } from '../../../core/sources/demo/index.js';
import { clock } from '../../clock.js';
import { type Logger, logFailure } from '../../log.js';
import type { Services } from '../../services/index.js';
import { SourceHealth, type SourceHealthBoard } from '../../services/read/source-health.js';
import type { DemoVenueFeed } from './venues.js';

/**
 * An outcome published later than this after its time (the server was down) is told, but shocks nothing: the day it
 * would have moved is gone.
 */
const LATE_MS = 10 * 60_000;
/** The next outcome is looked for at least this often, so a timer never waits past a clock change or for weeks. */
const MAX_WAIT_MS = 3_600_000;
/** After a failed publication or read, the schedule is tried again this much later. */
const RETRY_MS = 60_000;

export class DemoNewswire {
  private routineTimer: NodeJS.Timeout | null = null;
  private outcomeTimer: NodeJS.Timeout | null = null;
  private stopped = false;
  private sequence = 0;
  /** Every publication in order: ids are given in publication order. */
  private writing: Promise<void> = Promise.resolve();
  private readonly health: SourceHealth;

  constructor(
    private readonly services: Pick<Services, 'events' | 'catalysts' | 'demo'>,
    /** The simulated venues, whose market an outcome's shocks move; null when they do not run. */
    private readonly venues: DemoVenueFeed | null,
    private readonly seed: number,
    board: SourceHealthBoard,
    private readonly log: Logger,
  ) {
    this.health = board.add(new SourceHealth('demo-newswire', 'news', Infinity));
    this.health.connections = 1;
  }

  /** Publishes the outcomes already due, then keeps to the schedule; a routine story every `routineEveryMs` unless 0. */
  async start(routineEveryMs: number): Promise<void> {
    this.health.connected(clock.now());
    if (routineEveryMs > 0) {
      this.routineTimer = setInterval(
        () => void this.enqueue(() => this.publishRoutine(clock.now()), 'demo story not published'),
        routineEveryMs,
      );
    }
    await this.enqueue(() => this.publishDue(clock.now()), 'demo outcomes not scheduled');
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.health.open = 0;
    if (this.routineTimer) clearInterval(this.routineTimer);
    if (this.outcomeTimer) clearTimeout(this.outcomeTimer);
    await this.writing;
  }

  private enqueue(work: () => Promise<void>, failure: string): Promise<void> {
    this.writing = this.writing.then(work).catch((err) => {
      this.health.errors++;
      logFailure(this.log, err, failure);
    });
    return this.writing;
  }

  private async publishRoutine(nowMs: number): Promise<void> {
    const sequence = this.sequence++;
    await this.publish(liveStory(this.seed, sequence, nowMs), `live-${nowMs - (nowMs % 60_000)}-${sequence}`);
  }

  /** Sends `story` over the wire as its item `guid`; resolves to its id, or null when it was published before. */
  private async publish(story: LiveStory, guid: string): Promise<number | null> {
    const { stories } = parseDemoPayload(JSON.stringify(wirePayload([wireItem(story, guid)])));
    const { ids } = await this.services.events.ingest(stories ?? [], { announce: true });
    this.health.message(clock.now(), story.occurredAt);
    return ids[0] ?? null;
  }

  /** Publishes what is due, then sets the timer for the next; after a failure, tries again a while later, never stopping. */
  private async publishDue(nowMs: number): Promise<void> {
    let notBefore = 0;
    try {
      await this.publishOutcomes(nowMs);
    } catch (err) {
      logFailure(this.log, err, 'demo outcomes not published; trying again later');
      notBefore = clock.now() + RETRY_MS;
    }
    await this.scheduleNext(notBefore);
  }

  /**
   * Each due outcome is published, then unsealed. A crash in between publishes it again at the next start, which
   * finds it stored (by its guid) and only unseals it: one story, and its shocks at most once.
   */
  private async publishOutcomes(nowMs: number): Promise<void> {
    const { demo, catalysts } = this.services;
    const due = await demo.due(nowMs);
    for (const { catalystId, story } of due) {
      const eventId = await this.publish(publishedStory(story, `c${catalystId}`), `outcome-${catalystId}`);
      await demo.remove(catalystId);
      const late = nowMs - story.occurredAt > LATE_MS;
      const shocks = eventId === null || late ? [] : story.shocks;
      this.venues?.shock(shocks);
      this.log.info({ eventId, catalystId, shocks, late }, 'demo catalyst outcome published');
    }
    // Linked at once rather than at the linker's next round.
    if (due.length) await catalysts.linkOutcomes();
  }

  private async scheduleNext(notBefore: number): Promise<void> {
    const at = await this.services.demo.nextAt().catch((err) => {
      logFailure(this.log, err, 'next demo outcome not read; looking again later');
      return clock.now() + RETRY_MS;
    });
    if (this.stopped || at === null) return;
    const wait = Math.min(Math.max(0, at - clock.now(), notBefore - clock.now()), MAX_WAIT_MS);
    this.outcomeTimer = setTimeout(
      () => void this.enqueue(() => this.publishDue(clock.now()), 'demo outcomes not scheduled'),
      wait,
    );
  }
}
