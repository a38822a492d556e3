// The calendar source: central-bank meeting calendars, FRED release dates, earnings and IPO calendars as catalysts,
// read live from the sources file's calendars (each every its own everyS) and through `tapewire import calendar
// <files>` (a file read again moves the catalysts whose dates changed).
import { CALENDAR_SOURCE, parseCalendarPayload } from '../../../core/sources/calendars/index.js';
import { Poller } from '../poller.js';
import type { Source } from '../source.js';
import { CalendarFeed, calendarRoundMs, readable } from './feed.js';

export const calendarSource: Source = {
  name: CALENDAR_SOURCE,
  description:
    "calendars: Federal Reserve calendar JSON, FRED release dates, earnings calendar by ticker, Nasdaq IPO calendar; its feed reads the sources file's calendars",
  kind: 'calendar',
  settings: (config) => {
    const unset = config.calendars.filter((c) => !readable(c));
    const on = config.calendars.length > unset.length;
    const intervalsMs: Record<string, number> = on ? { calendars: calendarRoundMs(config.calendars) } : {};
    return {
      on,
      intervalsMs,
      credentials: [...new Set(config.calendars.flatMap((c) => (c.credential ? [c.credential] : [])))],
      offBecause: unset.length
        ? unset.map((c) => `${c.credential} is not set (calendar ${c.id})`).join('; ')
        : undefined,
    };
  },
  parse: (text) => parseCalendarPayload(text),

  async start({ config, services, health, log }) {
    const feed = new CalendarFeed(config.calendars, services.imports, log);
    const poller = new Poller(
      CALENDAR_SOURCE,
      calendarRoundMs(config.calendars),
      (signal) => feed.round(signal),
      log,
      health,
      'calendar',
    );
    poller.start();
    return () => poller.stop();
  },
};
