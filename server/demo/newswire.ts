// The live demo's newswire: a routine story every DEMO_NEWS_EVERY_S, and each upcoming catalyst's outcome story when
// its time comes, with the price jump it carries. Stories are written to the database (so every query sees them at
// once) and published on the stream's `events` topic and their instruments' topics.
import { liveStory, publishedStory, type ScheduledOutcome, type StoryEvent } from '../../core/demo/story.js';
import type { VenueSimulator } from '../../core/demo/venues.js';
import { EVENTS_TOPIC, instrumentTopic } from '../../core/stream/topics.js';
import type { Db } from '../db.js';
import type { Logger } from '../log.js';
import type { MarketState } from '../market/state.js';
import { eventView, type EventRow } from '../routes/events.js';
import type { StreamHub } from '../stream/hub.js';
import { insertEvents } from './load.js';

/** An outcome published later than this after its time (the server was down) is told, but moves no price: the day it would have moved is gone. */
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
  private nextId = 0;
  /** Every write in order: ids are given in publication order. */
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly state: MarketState,
    private readonly simulator: VenueSimulator,
    private readonly hub: StreamHub,
    private readonly seed: number,
    /** Told when a story was written: answers built from stories are stale. */
    private readonly written: () => void,
    /** Links catalysts to the outcome stories just written, rather than at the linker's next round. */
    private readonly linkOutcomes: () => Promise<unknown>,
    private readonly log: Logger,
  ) {}

  /** Publishes the outcomes already due, then keeps to the schedule; a routine story every `routineEveryMs` unless 0. */
  async start(routineEveryMs: number): Promise<void> {
    const [last] = await this.db.rows<{ id: number }>('lastEventId');
    this.nextId = (last?.id ?? 0) + 1;
    if (routineEveryMs > 0) {
      this.routineTimer = setInterval(() => void this.enqueue(() => this.publishRoutine(Date.now()), 'demo story not published'), routineEveryMs);
    }
    await this.enqueue(() => this.publishDue(Date.now()), 'demo outcomes not scheduled');
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.routineTimer) clearInterval(this.routineTimer);
    if (this.outcomeTimer) clearTimeout(this.outcomeTimer);
    await this.writing;
  }

  private enqueue(work: () => Promise<void>, failure: string): Promise<void> {
    this.writing = this.writing.then(work).catch((err) => this.log.warn({ err }, failure));
    return this.writing;
  }

  private async publishRoutine(nowMs: number): Promise<void> {
    const story = liveStory(this.seed, this.sequence++, nowMs, this.nextId++);
    await insertEvents(this.db.rows, [story]);
    await this.announce(story);
  }

  /** Publishes what is due, then sets the timer for the next; after a failure, tries again a while later, never stopping. */
  private async publishDue(nowMs: number): Promise<void> {
    let notBefore = 0;
    try {
      await this.publishOutcomes(nowMs);
    } catch (err) {
      this.log.warn({ err }, 'demo outcomes not published; trying again later');
      notBefore = Date.now() + RETRY_MS;
    }
    await this.scheduleNext(notBefore);
  }

  private async publishOutcomes(nowMs: number): Promise<void> {
    const due = await this.db.rows<{ catalystId: number; story: ScheduledOutcome['story'] }>('dueDemoOutcomes', [new Date(nowMs)]);
    for (const { catalystId, story } of due) {
      const event = publishedStory(story, this.nextId++);
      await this.db.transaction(async (tx) => {
        await insertEvents(tx.rows, [event]);
        await tx.rows('deleteDemoOutcome', [catalystId]);
      });
      const late = nowMs - story.occurredAt > LATE_MS;
      if (!late) {
        for (const { symbol, pct } of event.jumps) {
          const i = this.state.find(symbol);
          if (i >= 0) this.simulator.jump(i, pct);
        }
      }
      this.log.info({ eventId: event.id, catalystId, jumps: late ? [] : event.jumps, late }, 'demo catalyst outcome published');
      await this.announce(event);
    }
    if (due.length) await this.linkOutcomes();
  }

  private async scheduleNext(notBefore: number): Promise<void> {
    const at = await this.db.rows<{ at: number | null }>('nextDemoOutcomeAt').then(
      ([next]) => next?.at ?? null,
      (err) => {
        this.log.warn({ err }, 'next demo outcome not read; looking again later');
        return Date.now() + RETRY_MS;
      },
    );
    if (this.stopped || at === null) return;
    const wait = Math.min(Math.max(0, at - Date.now(), notBefore - Date.now()), MAX_WAIT_MS);
    this.outcomeTimer = setTimeout(() => void this.enqueue(() => this.publishDue(Date.now()), 'demo outcomes not scheduled'), wait);
  }

  private async announce(story: StoryEvent): Promise<void> {
    this.written();
    const [row] = await this.db.rows<EventRow>('eventsByIds', [[story.id]]);
    this.hub.publish([{ event: 'event', key: null, topics: this.topics(story.entities), json: JSON.stringify(eventView(row!)) }]);
  }

  /** `events`, and the topic of every instrument the story is about, directly or through its company. */
  private topics(entities: { type: string; key: string }[]): string[] {
    const symbols = new Set<string>();
    for (const e of entities) {
      if (e.type === 'instrument') symbols.add(e.key);
      if (e.type === 'company') for (const inst of this.state.instruments) if (inst.company === e.key) symbols.add(inst.symbol);
    }
    return [EVENTS_TOPIC, ...[...symbols].map(instrumentTopic)];
  }
}
