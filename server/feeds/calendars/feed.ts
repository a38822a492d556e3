// The sources file's calendars read live: each one's address every its own period, the answer read by the calendar
// source's parser in the format the entry says and written as catalysts (one whose date moved keeps its id). A calendar whose key is not set is
// left out; the key goes in the request only (as `api_key`, FRED's parameter), never in a log line.
import { CALENDAR_SOURCE, parseCalendarPayload } from '../../../core/sources/calendars/index.js';
import { clock } from '../../clock.js';
import type { CalendarFeedConfig } from '../../config/sources.js';
import type { Logger } from '../../log.js';
import type { ImportService } from '../../services/write/imports.js';
import { getText } from '../http.js';
import { importAnswer } from '../imported.js';
import { FeedItems } from '../poller.js';

/** A round comes a little early or late: a calendar due within this much is read in it. */
const SLACK_MS = 1_000;

/** Whether a calendar can be read: it needs no key, or its key is set. */
export function readable(c: CalendarFeedConfig): boolean {
  return c.credential === null || c.key !== null;
}

/** How often rounds run: as often as the most frequent readable calendar needs. */
export function calendarRoundMs(calendars: CalendarFeedConfig[]): number {
  return Math.min(...calendars.filter(readable).map((c) => c.everyMs));
}

export class CalendarFeed {
  private readonly items: FeedItems;
  private readonly readAt = new Map<string, number>();

  constructor(
    private readonly calendars: CalendarFeedConfig[],
    private readonly imports: ImportService,
    private readonly log: Logger,
  ) {
    this.items = new FeedItems('calendar', log);
  }

  async round(signal: AbortSignal): Promise<void> {
    for (const c of this.calendars) {
      if (signal.aborted) return;
      const now = clock.now();
      if (!readable(c) || now + SLACK_MS < (this.readAt.get(c.id) ?? -Infinity) + c.everyMs) continue;
      await this.items.run(c.id, async () => {
        const url = new URL(c.url);
        const shown = url.toString();
        if (c.key) url.searchParams.set('api_key', c.key);
        const text = await getText(url.toString(), shown, signal);
        const source = { name: CALENDAR_SOURCE, parse: (answer: string) => parseCalendarPayload(answer, c.format) };
        await importAnswer(source, text, { name: shown, key: c.id, at: now }, this.imports, this.log);
      });
      this.readAt.set(c.id, now);
    }
  }
}
