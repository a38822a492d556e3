// An analyst's look at the demo's stories against its prices and the trading calendar, over the HTTP answers of one
// demo server: a story that states a reaction states the recorded move (to its printed decimal), only once the day it
// reports has traded and after the news it reacts to; equities' moves on days the exchange is closed are told as 24/7
// trading, never as session news; weekends are quiet for the index; earnings come before a session's open or after a
// full session's close. Each check names the ids it finds at fault.
import t from 'tap';
import { newYorkWallClock } from '../../core/calendar/new-york-time.js';
import { marketDay, sessionOn } from '../../core/calendar/sessions.js';
import { DEMO_READER, sharedServer } from '../../harness/shared-server.js';

const server = await sharedServer(DEMO_READER);
t.teardown(() => server.release());

const DAY = 86_400_000;
/** A stated figure has one decimal: the move it states rounds to it. */
const TOLERANCE = 0.05 + 1e-9;

interface EventOut {
  id: number;
  occurredAt: string;
  headline: string;
  summary?: string;
  points?: string[];
  entities: { type: string; key: string }[];
}
interface MoveOut {
  key: string;
  instrument: { key: string };
  date: string;
  pct: number;
  causes: EventOut[];
}

const json = async <T>(path: string): Promise<T> => {
  const res = await server.get(path);
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
};
async function walk<T>(path: string, limit: number): Promise<T[]> {
  const out: T[] = [];
  for (let offset: number | null = 0; offset !== null; ) {
    const page: { data: T[]; page: { nextOffset: number | null } } = await json(
      `${path}${path.includes('?') ? '&' : '?'}limit=${limit}&offset=${offset}`,
    );
    out.push(...page.data);
    offset = page.page.nextOffset;
  }
  return out;
}

const events = await walk<EventOut>('/v1/events?order=recent&from=2000-01-01', 100);
const moves = await walk<MoveOut>('/v1/moves?candidates=false', 200);
const kinds = new Map(
  (await json<{ data: { symbol: string; kind: string }[] }>('/v1/instruments')).data.map((i) => [i.symbol, i.kind]),
);

/** Signed percentages a text states as a price's reaction: "fell 12.5%", "jumps 3.1%", "-4.2% on the day". */
function statedReactions(e: EventOut): number[] {
  const text = [e.headline, e.summary ?? '', ...(e.points ?? [])].join(' \n ');
  const out: number[] = [];
  const worded =
    /\b(rose|rises|jumped|jumps|soared|soars|gained|climbed|fell|falls|slid|slides|plunged|plunges|dropped|lost)\s+(\d+(?:\.\d+)?)%/g;
  for (const m of text.matchAll(worded))
    out.push((/^(fell|falls|slid|slides|plunged|plunges|dropped|lost)$/.test(m[1]!) ? -1 : 1) * Number(m[2]));
  for (const m of text.matchAll(/([+-]\d+(?:\.\d+)?)% on the (?:day|news|result)/g)) out.push(Number(m[1]));
  // A headline's figure is often its summary's and its points' too: one statement.
  return [...new Set(out)];
}

/** The stories about instruments that state a reaction, with the moves each is linked to as a cause. */
const stating = events.filter((e) => e.entities.some((r) => r.type === 'instrument') && statedReactions(e).length);
const caused = new Map<number, MoveOut[]>();
for (const e of stating)
  caused.set(e.id, (await json<{ data: { causedMoves: MoveOut[] } }>(`/v1/events/${e.id}`)).data.causedMoves);

t.test('a stated reaction is the recorded move, and a story said to move a price has that move', async (t) => {
  const without = stating.filter((e) => !caused.get(e.id)!.length).map((e) => e.id);
  const off = stating.flatMap((e) =>
    statedReactions(e)
      .filter(
        (p) => !caused.get(e.id)!.some((m) => Math.sign(m.pct) === Math.sign(p) && Math.abs(m.pct - p) <= TOLERANCE),
      )
      .map(
        (p) =>
          `event ${e.id} states ${p}%, its moves ${
            caused
              .get(e.id)!
              .map((m) => `${m.key} ${m.pct.toFixed(2)}%`)
              .join(', ') || 'none'
          }`,
      ),
  );
  t.ok(stating.length >= 20, `${stating.length} stories state a reaction`);
  t.same(without, [], `${without.length} stories state a reaction without a move`);
  t.same(off, [], `${off.length} stated reactions off their move by more than 0.05 points`);
});

t.test('a reaction is stated after its cause, once the day it reports has traded', async (t) => {
  const early: string[] = [];
  for (const e of stating) {
    const at = Date.parse(e.occurredAt);
    for (const m of caused.get(e.id)!) {
      // The move is close to close of its UTC day: its figure is known in that day's last hour.
      if (at < Date.parse(m.date) + DAY - 3_600_000)
        early.push(`event ${e.id} at ${e.occurredAt} states ${m.key} before its day traded`);
      const before = m.causes.filter((c) => c.id !== e.id && Date.parse(c.occurredAt) > at);
      if (before.length)
        early.push(`event ${e.id} states ${m.key} before its cause ${before.map((c) => c.id).join(', ')}`);
    }
  }
  t.same(early, [], `${early.length} reactions stated before they happened`);
});

t.test("equities' moves on closed days: told as 24/7 trading, never as session news", async (t) => {
  const equity = (m: MoveOut) => ['stock', 'etf', 'index'].includes(kinds.get(m.instrument.key) ?? '');
  const closed = moves.filter((m) => equity(m) && marketDay(Date.parse(m.date)).session === null);
  const session = closed.filter((m) => m.causes.some((c) => !/24\/7/.test(`${c.headline} ${c.summary ?? ''}`)));
  t.same(
    session.map(
      (m) => `${m.key} (${marketDay(Date.parse(m.date)).closed}): ${m.causes.map((c) => `event ${c.id}`).join(', ')}`,
    ),
    [],
    `${session.length} of ${closed.length} equity moves on closed days explained by session news`,
  );
});

t.test("weekends are quiet for the index: SPX's weekend daily sd at most a third of its weekdays'", async (t) => {
  const candles = (
    await json<{ data: { candles: { ts: string; close: number }[] } }>('/v1/instruments/SPX/candles?interval=1d')
  ).data.candles.slice(0, -1);
  const weekend: number[] = [];
  const weekday: number[] = [];
  for (let k = 1; k < candles.length; k++) {
    const pct = (candles[k]!.close / candles[k - 1]!.close - 1) * 100;
    const day = marketDay(Date.parse(candles[k]!.ts));
    if (day.closed === 'weekend') weekend.push(pct);
    else if (day.session) weekday.push(pct);
  }
  const sd = (xs: number[]) => {
    const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
    return Math.sqrt(xs.reduce((a, b) => a + (b - mean) ** 2, 0) / (xs.length - 1));
  };
  t.ok(weekend.length >= 50 && weekday.length >= 150, `${weekend.length} weekend days, ${weekday.length} session days`);
  t.ok(sd(weekend) <= sd(weekday) / 3, `weekend sd ${sd(weekend).toFixed(3)}% vs weekday ${sd(weekday).toFixed(3)}%`);
});

t.test(
  "earnings before a session's open, or after a full session's close (never into a closed or early-closed day)",
  async (t) => {
    const earnings = await walk<{ id: number; expectedAt: string; description: string }>(
      '/v1/catalysts?kind=earnings&from=2000-01-01',
      200,
    );
    const wrong = earnings.flatMap((c) => {
      const at = Date.parse(c.expectedAt);
      const session = sessionOn(newYorkWallClock(at).dayMs);
      const right = /after the US close/.test(c.description)
        ? session !== null && session.earlyClose === null && at >= session.closeMs
        : /before the US open/.test(c.description) && session !== null && at < session.openMs;
      return right ? [] : [`catalyst ${c.id} at ${c.expectedAt}: ${c.description}`];
    });
    t.ok(earnings.length >= 50, `${earnings.length} earnings catalysts`);
    t.same(wrong, [], `${wrong.length} earnings out of their session`);
  },
);
