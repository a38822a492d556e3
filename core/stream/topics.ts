// Stream topics: `quotes`, `events` and `instrument:<symbol>`, parsed and validated before a stream opens.
import type { ValidationDetail } from '../errors.js';

/** Most topics one stream may hold: a dashboard names a few, not the whole universe one by one. */
export const MAX_TOPICS = 50;
const INSTRUMENT = 'instrument:';

export const QUOTES_TOPIC = 'quotes';
export const EVENTS_TOPIC = 'events';

/** The topic of one instrument, by its symbol as the service spells it. */
export function instrumentTopic(symbol: string): string {
  return INSTRUMENT + symbol;
}

/**
 * The distinct topics of a `topics` parameter, each in its canonical spelling (`symbolOf` gives an instrument's symbol
 * whatever the case the client used, or null when there is none), or every problem with it.
 */
export function parseTopics(
  raw: string | undefined,
  symbolOf: (symbol: string) => string | null,
): { topics: string[]; problems: ValidationDetail[] } {
  const problems: ValidationDetail[] = [];
  const fail = (message: string) => problems.push({ in: 'query', param: 'topics', message });
  // Topic forms are matched in any case, like symbols; a name repeated counts once.
  const parts = [
    ...new Set(
      (raw ?? '')
        .split(',')
        .map((p) => p.trim())
        .filter(Boolean),
    ),
  ];
  if (!parts.length) fail('must name at least one topic: quotes, events or instrument:<symbol>');
  if (parts.length > MAX_TOPICS) fail(`names ${parts.length} topics; at most ${MAX_TOPICS}`);
  const topics = new Set<string>();
  for (const part of parts.slice(0, MAX_TOPICS)) {
    const shown = JSON.stringify(part.slice(0, 60));
    const form = part.toLowerCase();
    if (form === QUOTES_TOPIC || form === EVENTS_TOPIC) topics.add(form);
    else if (form.startsWith(INSTRUMENT)) {
      const symbol = symbolOf(part.slice(INSTRUMENT.length).trim());
      if (symbol) topics.add(instrumentTopic(symbol));
      else fail(`${shown}: no instrument has this symbol`);
    } else fail(`${shown}: not a topic (quotes, events or instrument:<symbol>)`);
  }
  return { topics: [...topics], problems };
}
