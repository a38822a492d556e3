// The Federal Reserve Board's calendar (federalreserve.gov/json/calendar.json): FOMC meetings become policy decisions
// at their statement time (2:00 p.m. New York on the meeting's last day), FOMC minutes, the Beige Book and the
// statistical releases macro releases (one per listed day), speeches and testimony other catalysts; press
// conferences (part of their meeting) and holidays are left out. Text is the Board's own, HTML entities decoded.
import { newYorkTime } from '../../calendar/new-york-time.js';
import { plainText } from '../news/text.js';
import type { CatalystRecord, SkippedItem } from '../records.js';
import type { CalendarRead } from './read.js';

const CALENDAR_URL = 'https://www.federalreserve.gov/newsevents/calendar.htm';

export function fedCatalysts(events: unknown[]): CalendarRead {
  const catalysts: CatalystRecord[] = [];
  const skipped: SkippedItem[] = [];
  events.forEach((raw, k) => {
    const e = (raw ?? {}) as Record<string, unknown>;
    const title = typeof e.title === 'string' ? plainText(e.title) : '';
    const type = typeof e.type === 'string' ? e.type : '';
    const month = typeof e.month === 'string' && /^\d{4}-\d{2}$/.test(e.month) ? e.month : null;
    if (!title && !type && !month) return; // the list's empty closing entry
    const item = `events[${k}]`;
    if (!title || !month)
      return void skipped.push({ item, reason: !title ? 'title: missing' : 'month: expected YYYY-MM' });
    if (/press conference/i.test(title) || type === 'Other') return;
    const days = String(e.days ?? '')
      .split(',')
      .map((d) => Number(d.trim()));
    if (!days.length || days.some((d) => !Number.isInteger(d) || d < 1 || d > 31))
      return void skipped.push({ item, reason: `days: expected day numbers, got ${JSON.stringify(e.days)}` });
    const time = /^(\d{1,2}):(\d{2}) ?([ap])\.?m\.?$/i.exec(String(e.time ?? '').trim());
    const kind = /FOMC Meeting/i.test(title)
      ? 'policy_decision'
      : type === 'FOMC' || type === 'Beige' || type === 'Stat'
        ? 'macro_release'
        : 'other';
    const description = typeof e.description === 'string' ? plainText(e.description) || null : null;
    const location = typeof e.location === 'string' ? plainText(e.location) : null;
    for (const day of days) {
      const dayMs = Date.parse(`${month}-${String(day).padStart(2, '0')}T00:00:00Z`);
      const expectedAt = time
        ? newYorkTime(dayMs, (Number(time[1]) % 12) + (time[3]!.toLowerCase() === 'p' ? 12 : 0), Number(time[2]))
        : dayMs;
      // A meeting is known by its month (its days may move); anything else by its title and day.
      const key =
        kind === 'policy_decision'
          ? `fed:fomc-meeting:${month}`
          : `fed:${title.toLowerCase()}:${month}-${String(day).padStart(2, '0')}`;
      catalysts.push({
        source: 'calendar',
        sourceKey: key,
        kind,
        title: kind === 'policy_decision' ? 'FOMC rate decision' : title,
        expectedAt,
        precision: time ? 'minute' : 'day',
        // The Board says when a date is approximate.
        confirmed: !/approximate/i.test(description ?? ''),
        description: [description, location].filter(Boolean).join(' — ') || null,
        consensus: null,
        sourceUrl: CALENDAR_URL,
        entities: [],
      });
    }
  });
  return { catalysts, skipped };
}
