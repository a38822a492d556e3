// The calendar source: central-bank meeting calendars, FRED release dates, earnings and IPO calendars as catalysts,
// through `npm run import -- calendar <files>` (a file read again moves the catalysts whose dates changed).
import { CALENDAR_SOURCE, parseCalendarPayload } from '../../../core/sources/calendars/index.js';
import type { Source } from '../source.js';

export const calendarSource: Source = {
  name: CALENDAR_SOURCE,
  description: 'calendars: Federal Reserve calendar JSON, FRED release dates, earnings calendar by ticker, Nasdaq IPO calendar',
  settings: () => ({ on: false, intervalsMs: {}, credentials: [] }),
  parse: (text) => parseCalendarPayload(text),
};
