// The market at a glance. The strip (every instrument's pooled price, change and 24-point hourly sparkline) comes from
// hot state at every tick; the snapshot adds the latest day's biggest moves, top stories, the week's catalysts, the
// headline macro numbers and how far each dataset runs, its database part read at most once per refresh interval and
// shared meanwhile, and the US stock market's status (from the calendar, no data), renewed when it changes.

import { finiteOrNull } from '../../../core/kernels/pool.js';
import { type Page, wholeList } from '../../../core/paging.js';
import type { MarketStatusRequest } from '../../../core/requests/market-status.js';
import {
  BIGGEST_MOVES,
  CATALYST_DAYS,
  type MarketSnapshot,
  SPARKLINE_POINTS,
  type StripItem,
  TOP_STORIES,
  TOP_STORIES_DAYS,
} from '../../../core/schemas/market.js';
import type { MarketStatus } from '../../../core/schemas/market-status.js';
import { DAY_MS, HOUR_MS } from '../../../core/time.js';
import { clock } from '../../clock.js';
import type { DataVersions } from '../../ports/index.js';
import { AnswerCache, every, PerVersion } from '../kept/index.js';
import type { CatalystService } from './catalysts.js';
import type { EventService } from './events.js';
import type { InstrumentService } from './instruments.js';
import type { MacroService } from './macro.js';
import { statusAt } from './market-status.js';
import type { MetaService } from './meta.js';
import type { MoveService } from './moves.js';

/** Catalysts of the days ahead shown at most: more than a week ever holds. */
const CATALYSTS_SHOWN = 200;

type StoredPart = Pick<MarketSnapshot, 'moves' | 'topStories' | 'catalysts' | 'macro'>;

export class MarketService {
  private readonly kept: PerVersion;
  private readonly stored: AnswerCache<StoredPart>;
  /** The last snapshot, valid while neither the hot state nor the stored part nor the market's status has changed. */
  private last: { version: number; part: StoredPart; statusUntil: number; snapshot: Promise<MarketSnapshot> } | null =
    null;

  constructor(
    private readonly instruments: InstrumentService,
    private readonly moves: MoveService,
    private readonly events: EventService,
    private readonly catalysts: CatalystService,
    private readonly macro: MacroService,
    private readonly meta: MetaService,
    versions: Pick<DataVersions, 'stories' | 'macro'>,
    refreshMs: number,
  ) {
    this.kept = new PerVersion(() => instruments.state.version);
    const period = every(refreshMs);
    // Stories, moves, catalysts and macro written (an import, the detector) are in the next snapshot, not a period later.
    this.stored = new AnswerCache(1, () => period() + versions.stories.current + versions.macro.current);
  }

  /** Every instrument's summary and sparkline at `nowMs`. */
  strip(nowMs = clock.now()): StripItem[] {
    return this.instruments.state.instruments.map((_, i) => ({
      ...this.instruments.summary(i),
      sparkline: this.sparkline(i, nowMs),
    }));
  }

  /** The strip as one page, built once per tick (shared until the next: callers must not change it). */
  stripKept(): { data: StripItem[]; page: Page } {
    return this.kept.get('strip', () => wholeList(this.strip()));
  }

  /** The US stock market's status at the instant asked for, with the sessions ahead. */
  status({ atMs, sessions }: MarketStatusRequest): MarketStatus {
    return statusAt(atMs, sessions).status;
  }

  /** The snapshot, the same object while neither the hot state, its stored part nor the status has changed (shared likewise). */
  async snapshot(): Promise<MarketSnapshot> {
    const part = await this.stored.get('snapshot', () => this.readStored());
    const version = this.instruments.state.version;
    const now = clock.now();
    // Without ticks (no venue feed) the status would otherwise wait for the next refresh past an open or a close.
    if (this.last?.version !== version || this.last.part !== part || now >= this.last.statusUntil) {
      const { status, changesAtMs } = statusAt(now, 1);
      this.last = { version, part, statusUntil: changesAtMs, snapshot: this.compose(part, status) };
    }
    return this.last.snapshot;
  }

  private async compose(part: StoredPart, marketStatus: MarketStatus): Promise<MarketSnapshot> {
    const { coverage } = await this.meta.get();
    // Kept per tick: the home page composes a snapshot on every view (the answer is shared: callers must not change it).
    return { strip: this.kept.get('strip items', () => this.strip()), ...part, dataThrough: coverage, marketStatus };
  }

  private async readStored(): Promise<StoredPart> {
    const now = clock.now();
    const [moves, topStories, catalysts, macro] = await Promise.all([
      this.moves.latestDay(BIGGEST_MOVES),
      this.events.top(TOP_STORIES_DAYS, TOP_STORIES, now),
      this.catalysts.between(now, now + CATALYST_DAYS * DAY_MS, CATALYSTS_SHOWN),
      this.macro.dashboard(),
    ]);
    return { moves, topStories, catalysts, macro };
  }

  /** Closes of the last 23 closed hours (null for an hour without a candle), then the live price. */
  private sparkline(i: number, nowMs: number): (number | null)[] {
    const s = this.instruments.state;
    const ring = s.candles['1h'].ring;
    const hourStart = nowMs - (nowMs % HOUR_MS);
    const out = new Array<number | null>(SPARKLINE_POINTS);
    for (let k = 0; k < SPARKLINE_POINTS - 1; k++) {
      const hour = hourStart - (SPARKLINE_POINTS - 1 - k) * HOUR_MS;
      const p = ring.lowerBound(i, hour);
      out[k] = p < ring.size(i) && ring.ts[ring.slot(i, p)] === hour ? ring.close[ring.slot(i, p)]! : null;
    }
    out[SPARKLINE_POINTS - 1] = finiteOrNull(s.pooled.price[i]!);
    return out;
  }
}
