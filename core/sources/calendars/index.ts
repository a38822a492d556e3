// The calendar source's parser: a calendar in one of the formats under shared/realdata/calendars (the Federal
// Reserve Board's calendar JSON, FRED's release dates, a community earnings calendar keyed by ticker, Nasdaq's IPO
// calendar), told apart by their shape, into catalysts of source `calendar`. Each catalyst's key names what it is,
// not when (an FOMC meeting by its month, an earnings report by its fiscal quarter, a release by its month, an IPO by
// its deal), so a date that moves updates the stored catalyst and it keeps its id.
import type { CALENDAR_FORMATS } from '../../schemas/sources.js';
import { type ParsedPayload, PayloadError } from '../records.js';
import { earningsCatalysts } from './earnings.js';
import { fedCatalysts } from './fed.js';
import { fredReleaseCatalysts } from './fred-release-dates.js';
import { ipoCatalysts } from './nasdaq-ipo.js';
import type { CalendarRead } from './read.js';

export const CALENDAR_SOURCE = 'calendar';

export type CalendarFormat = (typeof CALENDAR_FORMATS)[number];

/** A calendar in any of the formats, or only in `format` (the sources file's entry says which it reads). */
export function parseCalendarPayload(text: string, format: CalendarFormat | null = null): ParsedPayload {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (err) {
    throw new PayloadError(`not JSON: ${(err as Error).message}`);
  }
  if (doc === null || typeof doc !== 'object' || Array.isArray(doc))
    throw new PayloadError('not a calendar: expected a JSON object');
  const o = doc as Record<string, unknown>;
  let read: CalendarRead;
  let found: CalendarFormat;
  if (Array.isArray(o.events)) [found, read] = ['fed-calendar', fedCatalysts(o.events)];
  else if (Array.isArray(o.release_dates))
    [found, read] = ['fred-release-dates', fredReleaseCatalysts(o.release_dates)];
  else if (o.data && typeof o.data === 'object' && ('upcoming' in o.data || 'priced' in o.data))
    [found, read] = ['nasdaq-ipo', ipoCatalysts(o.data as Record<string, unknown>)];
  else if (Object.values(o).some((v) => v !== null && typeof v === 'object' && 'date' in v && 'quarter' in v))
    [found, read] = ['earnings-calendar', earningsCatalysts(o)];
  else
    throw new PayloadError(
      'not a calendar this source reads: expected the Federal Reserve calendar (events), FRED release dates (release_dates), Nasdaq IPOs (data.upcoming) or an earnings calendar by ticker',
    );
  if (format !== null && found !== format)
    throw new PayloadError(`expected a calendar in the ${format} format, got one in the ${found} format`);
  return { catalysts: read.catalysts, skipped: read.skipped };
}
