// The live demo's newswire: while the demo runs, a routine story every DEMO_NEWS_EVERY_S, written to the database
// (so every query sees it at once) and published on the stream's `events` topic and its instruments' topics.
import { liveStory } from '../../core/demo/story.js';
import { EVENTS_TOPIC, instrumentTopic } from '../../core/stream/topics.js';
import type { Db } from '../db.js';
import type { Logger } from '../log.js';
import type { MarketState } from '../market/state.js';
import { eventView, type EventRow } from '../routes/events.js';
import type { StreamHub } from '../stream/hub.js';
import { insertEvents } from './load.js';

export class DemoNewswire {
  private timer: NodeJS.Timeout | null = null;
  private sequence = 0;
  private nextId = 0;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly state: MarketState,
    private readonly hub: StreamHub,
    private readonly seed: number,
    /** Told when a story was written: answers built from stories are stale. */
    private readonly written: () => void,
    private readonly log: Logger,
  ) {}

  async start(everyMs: number): Promise<void> {
    const [last] = await this.db.rows<{ id: number }>('lastEventId');
    this.nextId = (last?.id ?? 0) + 1;
    this.timer = setInterval(() => {
      this.writing = this.writing.then(() => this.publish(Date.now())).catch((err) => this.log.warn({ err }, 'demo story not published'));
    }, everyMs);
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.writing;
  }

  private async publish(nowMs: number): Promise<void> {
    const story = liveStory(this.seed, this.sequence++, nowMs, this.nextId++);
    await insertEvents(this.db.rows, [story]);
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
