// GET /v1/events and /v1/catalysts on the demo, checked against the story the demo was generated from and the stories
// of its filings: every filter, paging, websearch syntax, bad input; and the story's events really move the prices they
// are said to move.
import t from 'tap';
import type { StoryEvent } from '../../../../core/demo/story/draft.js';
import { demoWorld } from '../../../../core/demo/world.js';
import { DEMO_READER, sharedServer } from '../../../../harness/shared-server.js';
import { clock } from '../../../../server/clock.js';
import { DEMO_SEED, demoEvents } from '../../../helpers/demo-events.js';

const server = await sharedServer(DEMO_READER);
t.teardown(() => server.release());

const meta = (await (await server.get('/v1/meta')).json()) as { data: { dataset: { loadedAt: string } } };
const anchor = Date.parse(meta.data.dataset.loadedAt);
const world = demoWorld(DEMO_SEED, anchor);
const { story } = world;
/** The story's events and the stories of the demo companies' filings. */
const events = demoEvents(world, anchor);

interface Page {
  data: {
    id: number;
    kind: string;
    occurredAt: string;
    headline: string;
    summary?: string;
    importance: number;
    entities: { type: string; key: string }[];
    sourceUrl: string;
  }[];
  page: { limit: number; offset: number; nextOffset: number | null };
}
const list = async (query: string): Promise<Page> => {
  const res = await server.get(`/v1/events?${query}`);
  if (res.status !== 200) throw new Error(`${query}: ${res.status} ${await res.text()}`);
  return (await res.json()) as Page;
};
/** Every event of a query, walking its pages; fails on a duplicate. */
const all = async (query: string): Promise<Page['data']> => {
  const out: Page['data'] = [];
  for (let offset: number | null = 0; offset !== null; ) {
    const page: Page = await list(`${query}&limit=100&offset=${offset}`);
    out.push(...page.data);
    offset = page.page.nextOffset;
  }
  return out;
};
const recent = (of: StoryEvent[]) =>
  [...of].sort((a, b) => b.occurredAt - a.occurredAt || b.id - a.id).map((e) => e.id);
const linked = (e: StoryEvent, type: string, key: string) => e.entities.some((r) => r.type === type && r.key === key);

t.test('the default page: the 30 newest stories, each in the Event shape', async (t) => {
  const page = await list('');
  t.same(
    page.data.map((e) => e.id),
    recent(events).slice(0, 30),
  );
  t.same(page.page, { limit: 30, offset: 0, nextOffset: 30 });
  const e = page.data[0]!;
  t.match(e, {
    type: 'event',
    key: String(e.id),
    label: e.headline,
    path: `/events/${e.id}`,
    precision: /^(minute|hour|day)$/,
    sourceName: String,
  });
  t.ok(
    page.data.every((x) => x.sourceUrl.startsWith('https://') && new URL(x.sourceUrl).hostname.endsWith('.example')),
    '.example sources only',
  );
});

t.test('paging walks every story once, to nextOffset null', async (t) => {
  const walked = await all('order=recent');
  t.same(
    walked.map((e) => e.id),
    recent(events),
    'no duplicate, no gap',
  );
  t.ok(events.length >= 300, `several hundred stories (${events.length})`);
  const last = await list(`limit=100&offset=${events.length - 5}`);
  t.equal(last.data.length, 5);
  t.equal(last.page.nextOffset, null);
});

t.test('entity filters: symbol, company and type:key pairs, any match', async (t) => {
  const aapl = await all('symbol=aapl');
  t.same(
    aapl.map((e) => e.id),
    recent(events.filter((e) => linked(e, 'instrument', 'AAPL'))),
  );
  t.same(
    (await all('company=apple')).map((e) => e.id),
    recent(events.filter((e) => linked(e, 'company', 'apple'))),
  );
  const either = await all('entity=macro:us-cpi,sector:energy');
  t.same(
    either.map((e) => e.id),
    recent(events.filter((e) => linked(e, 'macro', 'us-cpi') || linked(e, 'sector', 'energy'))),
  );
  t.ok(
    either.some((e) => e.entities.some((r) => r.key === 'us-cpi')) &&
      either.some((e) => e.entities.some((r) => r.key === 'energy')),
  );
  t.equal((await server.get('/v1/events?symbol=NOPE')).status, 404, 'an unknown symbol is named as such');
  t.same((await list('entity=instrument:NOPE')).data, [], 'an entity pair with no stories matches nothing');
  t.same(
    (await all('entity=INSTRUMENT:btc')).map((e) => e.id),
    (await all('entity=instrument:BTC')).map((e) => e.id),
    'type and key in any case',
  );
  t.same(
    (await all('company=aapl')).map((e) => e.id),
    (await all('company=apple')).map((e) => e.id),
    'a ticker names its company',
  );
});

t.test('kind, excludeKind, minImportance, from/to, order', async (t) => {
  const kinds = await all('kind=earnings,policy_decision');
  t.same(
    kinds.map((e) => e.id),
    recent(events.filter((e) => e.kind === 'earnings' || e.kind === 'policy_decision')),
  );
  const without = await all('excludeKind=news,insider');
  t.same(
    without.map((e) => e.id),
    recent(events.filter((e) => e.kind !== 'news' && e.kind !== 'insider')),
  );
  const important = await all('minImportance=80');
  t.same(
    important.map((e) => e.id),
    recent(events.filter((e) => e.importance >= 80)),
  );
  t.equal((await list('minImportance=null')).page.nextOffset, 30, 'null is no filter');
  const day = new Date(events[100]!.occurredAt).toISOString().slice(0, 10);
  const dayStart = Date.parse(day);
  const onDay = await all(`from=${day}&to=${day}`);
  t.same(
    onDay.map((e) => e.id),
    recent(events.filter((e) => e.occurredAt >= dayStart && e.occurredAt < dayStart + 86_400_000)),
    'a date as to covers its day',
  );
  // An offset's unencoded `+` arrives as a space.
  const spaced = await all(`from=${day}T02:00:00+02:00&to=${day}T23:59:59.999+00:00`);
  t.same(
    spaced.map((e) => e.id),
    onDay.map((e) => e.id),
    'a space stands for the + of an offset',
  );
  t.ok(onDay.length >= 1);
  const ranked = await list('order=important&limit=100');
  t.ok(
    ranked.data.every((e, k) => k === 0 || e.importance <= ranked.data[k - 1]!.importance),
    'most important first',
  );
  t.equal(ranked.data[0]!.importance, Math.max(...events.map((e) => e.importance)));
});

t.test('full text in web-search syntax: phrases, OR, negation', async (t) => {
  const text = (e: Page['data'][number]) => `${e.headline} ${e.summary ?? ''}`.toLowerCase();
  const phrase = await all(`q=${encodeURIComponent('"federal reserve"')}`);
  t.ok(phrase.length >= 8 && phrase.every((e) => text(e).includes('federal reserve')), `phrase (${phrase.length})`);
  const either = await all(`q=${encodeURIComponent('payrolls OR "consumer prices"')}`);
  t.ok(
    either.some((e) => text(e).includes('payrolls')) && either.some((e) => text(e).includes('consumer prices')),
    'OR',
  );
  t.ok(either.every((e) => text(e).includes('payroll') || text(e).includes('consumer price')));
  const held = phrase.filter((e) => text(e).includes('holds'));
  const notHeld = await all(`q=${encodeURIComponent('"federal reserve" -holds')}`);
  t.ok(
    held.length > 0 &&
      notHeld.length === phrase.length - held.length &&
      notHeld.every((e) => !text(e).includes('holds')),
    'negation',
  );
  for (const q of [
    '"',
    '"unclosed phrase',
    'OR',
    '-',
    '- - OR "',
    "'; DROP TABLE events; --",
    '\\',
    'x'.repeat(200),
    '(((',
    '&|!:*',
  ]) {
    const res = await server.get(`/v1/events?q=${encodeURIComponent(q)}`);
    if (res.status !== 200) t.fail(`${JSON.stringify(q)}: ${res.status}`);
  }
});

t.test('bad input: 400 for what cannot mean anything, 422 for bounds', async (t) => {
  const status = async (query: string) => (await server.get(`/v1/events?${query}`)).status;
  t.equal(await status('entity=instrument'), 400, 'a pair without a colon');
  t.equal(await status('entity=planet:mars'), 400, 'an unknown type');
  t.equal(await status('entity=project:nvidia'), 400, 'a project key is company/project');
  t.equal(await status('entity=instrument:'), 400, 'an empty key');
  t.equal(await status('from=2020-03-02&to=2020-03-01'), 400, 'from after to');
  // A 400 names what is wrong the way a 422 does.
  for (const [query, param] of [
    ['entity=planet:mars,instrument:', 'entity'],
    ['from=2020-03-02&to=2020-03-01', 'from'],
    ['company=a%20b', 'company'],
  ] as const) {
    const body = (await (await server.get(`/v1/events?${query}`)).json()) as {
      error: { code: string; details: { in: string; param: string; message: string }[] };
    };
    t.equal(body.error.code, 'bad_request', query);
    t.ok(
      body.error.details.length >= 1 &&
        body.error.details.every((d) => d.in === 'query' && d.param === param && typeof d.message === 'string'),
      `${query}: details are {in, param, message}`,
    );
  }
  t.equal(await status('kind=earnings,weather'), 422);
  t.equal(await status('limit=0'), 422);
  t.equal(await status('limit=101'), 422);
  t.equal(await status('offset=100001'), 422);
  t.equal(await status(`q=${'a'.repeat(201)}`), 422);
  t.equal(await status('minImportance=101'), 422);
  t.equal(await status('from=2026-02-30'), 422);
  t.equal(await status('order=oldest'), 422);
  t.equal(await status(`entity=${'x'.repeat(501)}`), 422);
  t.equal(await status('entity=project:nvidia/blackwell'), 200, 'a well-formed project pair');
});

t.test('the story drives the prices: what each story moves shows in that day of the daily candles', async (t) => {
  const { model } = world.path;
  const moved = story.events.flatMap((e) => {
    const impact = model.impact(e.shocks, e.occurredAt);
    return (e.shocks.length ? e.moves : []).map((symbol) => ({
      symbol,
      sigmas: impact[model.position.get(symbol)!]!,
      day: e.occurredAt - (e.occurredAt % 86_400_000),
    }));
  });
  const bySymbol = new Map<string, Map<number, number>>();
  for (const symbol of new Set(moved.map((m) => m.symbol))) {
    const res = (await (await server.get(`/v1/instruments/${symbol}/candles?interval=1d`)).json()) as {
      data: { candles: { ts: string; open: number; close: number }[] };
    };
    bySymbol.set(symbol, new Map(res.data.candles.map((c) => [Date.parse(c.ts), c.close / c.open - 1])));
  }
  // The daily history ends where the demo's anchor day does, so how many story days it holds depends on the date: every
  // one inside the candles' span must be there, and a year holds hundreds.
  const span = new Map(
    [...bySymbol].map(([symbol, days]) => [symbol, [Math.min(...days.keys()), Math.max(...days.keys())] as const]),
  );
  const inside = moved.filter((m) => m.day >= span.get(m.symbol)![0] && m.day <= span.get(m.symbol)![1]);
  let agree = 0;
  let counted = 0;
  for (const m of inside) {
    const change = bySymbol.get(m.symbol)!.get(m.day);
    if (change === undefined) continue;
    counted++;
    const inst = model.instruments[model.position.get(m.symbol)!]!;
    if (Math.sign(change) === Math.sign(m.sigmas) && Math.abs(change) >= (Math.abs(m.sigmas) * inst.dailyVol) / 3)
      agree++;
  }
  t.equal(counted, inside.length, `${counted} story-moved days inside the candles, each with its candle`);
  t.ok(counted >= 200, `${counted} story-moved days in a year of candles`);
  t.ok(agree / counted >= 0.9, `${agree} of ${counted} days move the way their story says`);
});

t.test('catalysts: upcoming by default, soonest first; history from a past from, outcomes linked', async (t) => {
  interface Catalysts {
    data: {
      id: number;
      kind: string;
      expectedAt: string;
      outcomeEventId: number | null;
      consensus: string | null;
      entities: { type: string; key: string }[];
    }[];
    page: { nextOffset: number | null };
  }
  const get = async (query: string) => (await (await server.get(`/v1/catalysts?${query}`)).json()) as Catalysts;
  const now = clock.now();
  const upcoming = await get('limit=200');
  const expected = story.catalysts.filter((c) => c.expectedAt >= now);
  // The story's catalysts, and the milestones of the demo's projects still to come (dated to their month or quarter).
  const [scheduled, milestones] = [
    upcoming.data.filter((c) => c.kind !== 'project_milestone'),
    upcoming.data.filter((c) => c.kind === 'project_milestone'),
  ];
  t.same(
    scheduled.map((c) => c.id),
    expected.map((c) => c.id),
    'upcoming only, soonest first',
  );
  t.same(
    upcoming.data.map((c) => c.expectedAt),
    upcoming.data.map((c) => c.expectedAt).sort(),
    'all of them soonest first',
  );
  t.ok(scheduled.every((c) => c.outcomeEventId === null && c.consensus !== null));
  t.ok(
    milestones.length >= 5 &&
      milestones.every((c) => c.outcomeEventId === null && c.entities.some((e) => e.type === 'project')),
    `${milestones.length} project milestones`,
  );
  const history = await get('from=2000-01-01&limit=200');
  t.same(
    history.data.map((c) => c.id),
    story.catalysts.slice(0, 200).map((c) => c.id),
  );
  t.equal(history.page.nextOffset, story.catalysts.length > 200 ? 200 : null);
  const byId = new Map(events.map((e) => [e.id, e]));
  const truth = new Map(story.catalysts.map((c) => [c.id, c.outcomeEventId]));
  const past = history.data.filter((c) => Date.parse(c.expectedAt) < anchor);
  t.ok(past.length >= 150, `${past.length} past catalysts`);
  t.same(
    past.filter((c) => c.outcomeEventId !== truth.get(c.id)).map((c) => c.id),
    [],
    'each linked, from the stories, to the outcome story it had',
  );
  t.ok(past.every((c) => byId.get(c.outcomeEventId!)?.kind === c.kind));
  const earnings = await get('from=2000-01-01&kind=earnings&entity=company:nvidia&limit=200');
  t.same(
    earnings.data.map((c) => c.id),
    story.catalysts.filter((c) => c.kind === 'earnings' && c.entities.some((e) => e.key === 'nvidia')).map((c) => c.id),
  );
  // A whole month of the demo's history, six months before its anchor.
  const monthStart = new Date(anchor - 180 * 86_400_000);
  monthStart.setUTCDate(1);
  const monthEnd = new Date(Date.UTC(monthStart.getUTCFullYear(), monthStart.getUTCMonth() + 1, 0));
  const [yearMonth, lastDay] = [monthStart.toISOString().slice(0, 7), monthEnd.toISOString().slice(0, 10)];
  const month = await get(`from=${yearMonth}-01&to=${lastDay}&kind=macro_release,policy_decision`);
  t.ok(
    month.data.length >= 2 && month.data.every((c) => c.expectedAt.startsWith(yearMonth)),
    `a month of macro dates (${yearMonth})`,
  );
  const status = async (query: string) => (await server.get(`/v1/catalysts?${query}`)).status;
  t.equal(await status('from=2020-03-02&to=2020-03-01'), 400);
  t.equal(await status('entity=nope'), 400);
  t.equal(await status('kind=earnings,eclipse'), 422);
  t.equal(await status('limit=201'), 422);
  t.equal(await status('offset=-1'), 422);
});
