// The demo story: deterministic, ids in time order, catalysts linked to their outcomes (past) or scheduled (upcoming),
// one shock per target a day, scheduled releases at their New York times on days they can happen, and rate decisions
// that tell the policy path's range.
import t from 'tap';
import { newYorkWallClock } from '../../../core/calendar/new-york-time.js';
import { isReleaseDay, isTradingDay } from '../../../core/calendar/us-holidays.js';
import { twoYearAnchorAt, upperAt } from '../../../core/demo/policy.js';
import { publishedStory } from '../../../core/demo/story.js';
import { demoWorld } from '../../../core/demo/world.js';
import { parseEntityFilter } from '../../../core/refs.js';

const DAY = 86_400_000;
const anchor = Date.UTC(2026, 10, 22, 9, 30);
const world = demoWorld(7, anchor);
const { story } = world;
const start = world.path.model.originMs;

t.test('another seed gives another story', async (t) => {
  t.not(
    JSON.stringify(demoWorld(8, anchor).story.events.map((e) => e.headline)),
    JSON.stringify(story.events.map((e) => e.headline)),
  );
});

t.test('events: ids in time order, inside the window, sourced on .example, importance 0-100', async (t) => {
  const { events } = story;
  t.ok(events.length >= 300, `${events.length} events`);
  t.ok(events.every((e, k) => e.id === k + 1 && (k === 0 || e.occurredAt >= events[k - 1]!.occurredAt)));
  t.ok(events.every((e) => e.occurredAt >= start && e.occurredAt < anchor));
  t.ok(events.every((e) => new URL(e.sourceUrl).hostname.endsWith('.example') && e.sourceUrl.endsWith(`-${e.id}`)));
  t.ok(events.every((e) => e.importance >= 0 && e.importance <= 100 && e.entities.length >= 1));
  const noise = events.filter((e) => e.importance < 40);
  t.ok(
    noise.length >= 150 && noise.every((e) => e.shocks.length === 0 && e.moves.length === 0),
    'plenty of low-importance stories that move nothing',
  );
  const days = events.flatMap((e) => e.shocks.map((s) => `${s.on}:${Math.floor(e.occurredAt / DAY)}`));
  t.equal(new Set(days).size, days.length, 'never two shocks on one target on one day');
  t.ok(
    events.filter((e) => e.shocks.length).every((e) => e.moves.length),
    'a shock moves something by two daily standard deviations',
  );
});

t.test('catalysts: scheduled, their outcome linked once it happened, some still to come', async (t) => {
  const byId = new Map(story.events.map((e) => [e.id, e]));
  for (const c of story.catalysts) {
    if (c.expectedAt < anchor) {
      const outcome = byId.get(c.outcomeEventId!);
      if (!outcome || outcome.occurredAt !== c.expectedAt || outcome.kind !== c.kind)
        t.fail(`catalyst ${c.id} (${c.title}) has no outcome`);
    } else if (c.outcomeEventId !== null) t.fail(`upcoming catalyst ${c.id} has an outcome`);
  }
  const upcoming = story.catalysts.filter((c) => c.expectedAt >= anchor);
  t.ok(upcoming.length >= 5 && upcoming.some((c) => c.kind === 'earnings'), `${upcoming.length} upcoming`);
  t.same(new Set(story.catalysts.map((c) => c.kind)), new Set(['earnings', 'macro_release', 'policy_decision']));
});

/** A catalyst's New York wall clock: its date (a UTC midnight), weekday and HH:MM. */
const local = (ms: number) => {
  const { dayMs, minutes } = newYorkWallClock(ms);
  return {
    dayMs,
    weekday: new Date(dayMs).getUTCDay(),
    time: `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`,
  };
};

t.test('every scheduled release at its New York time, never on a day it cannot happen', async (t) => {
  const RULES: [RegExp, (l: ReturnType<typeof local>) => boolean][] = [
    [/^US CPI/, (l) => l.time === '08:30' && isReleaseDay(l.dayMs)],
    [/^US nonfarm payrolls/, (l) => l.time === '08:30' && isReleaseDay(l.dayMs) && [4, 5].includes(l.weekday)],
    [/^US initial jobless claims/, (l) => l.time === '08:30' && isReleaseDay(l.dayMs) && [2, 3, 4].includes(l.weekday)],
    [/^FOMC/, (l) => l.time === '14:00' && isReleaseDay(l.dayMs) && l.weekday === 3],
    [/results$/, (l) => ['16:05', '06:45'].includes(l.time) && isTradingDay(l.dayMs)],
  ];
  let checked = 0;
  for (const c of story.catalysts) {
    const rule = RULES.find(([title]) => title.test(c.title));
    if (!rule) t.fail(`no rule for ${c.title}`);
    else if (!rule[1](local(c.expectedAt)))
      t.fail(`${c.title} at ${new Date(c.expectedAt).toISOString()} (${JSON.stringify(local(c.expectedAt))})`);
    else checked++;
  }
  t.equal(checked, story.catalysts.length, `all ${checked} catalysts, past and upcoming`);
  const claims = story.catalysts.filter((c) => c.title.startsWith('US initial jobless claims'));
  const thursdays = claims.filter((c) => local(c.expectedAt).weekday === 4).length;
  t.ok(
    thursdays >= claims.length - 7,
    `claims on Thursdays (${thursdays} of ${claims.length}), the rest moved before a holiday or a closure`,
  );
  t.ok(
    claims.some((c) => new Date(c.expectedAt).toISOString().startsWith('2025-11-26')),
    'on the Wednesday before Thanksgiving 2025',
  );
  t.ok(
    claims.some((c) => new Date(c.expectedAt).toISOString().startsWith('2025-01-08')),
    'and before the day of mourning for President Carter, as the Labor Department did',
  );
  const timing = new Map(
    story.catalysts
      .filter((c) => c.kind === 'earnings')
      .map((c) => [c.title.split(/ (?:fiscal )?Q/)[0], local(c.expectedAt).time]),
  );
  t.equal(timing.get('JPMorgan Chase'), '06:45', 'a bank reports before the open');
  t.equal(timing.get('Apple'), '16:05', 'Apple after the close');
});

t.test(
  "rate decisions tell the policy path's range, surprise only when the path does, and move the 2-year's anchor by the surprise",
  async (t) => {
    const decisions = story.events.filter((e) => e.kind === 'policy_decision');
    t.ok(decisions.length >= 14, `${decisions.length} decisions`);
    for (const e of decisions) {
      const upper = upperAt(world.path.model.policy, e.occurredAt);
      const range = `${(upper - 0.25).toFixed(2)}-${upper.toFixed(2)}%`;
      if (!e.headline.includes(range)) t.fail(`${e.headline}: not ${range}`);
      const d = world.path.model.policy.decisions.find((x) => x.at === e.occurredAt)!;
      if ((d.change !== d.expected) !== /unexpectedly|more than expected/.test(e.headline))
        t.fail(`${e.headline}: expected ${d.expected}, made ${d.change}`);
      const step = twoYearAnchorAt(world.path.model.policy, d.at) - twoYearAnchorAt(world.path.model.policy, d.at - 1);
      if (Math.abs(step - (d.change - d.expected)) > 1e-6)
        t.fail(`${e.headline}: the 2-year's anchor moves ${step}, not by the surprise`);
    }
    t.ok(
      decisions.some((e) => e.headline.includes('cuts')),
      'the cycle cuts',
    );
  },
);

t.test(
  'every macro surprise moves shares, yields, the dollar, gold and crypto the way its headline says',
  async (t) => {
    const { model } = world.path;
    const at = (impact: Float64Array, symbol: string) => impact[model.position.get(symbol)!]!;
    const surprises = [...story.events, ...story.scheduled.map((o) => o.story)].filter(
      (e) => (e.kind === 'macro_release' || e.kind === 'policy_decision') && e.shocks.length,
    );
    t.ok(surprises.length >= 15, `${surprises.length} surprises`);
    for (const e of surprises) {
      const hawkish = /, above the|well above|unexpectedly holds|unexpectedly raises/.test(e.headline);
      const dovish = /, below the|well below|unexpectedly cuts|more than expected/.test(e.headline);
      if (hawkish === dovish) {
        t.fail(`${e.headline}: neither hawkish nor dovish`);
        continue;
      }
      const sign = hawkish ? 1 : -1;
      const impact = model.impact(e.shocks, e.occurredAt);
      const right =
        ['SPX', 'NDX', 'AAPL', 'SPY', 'EURUSD', 'XAU', 'BTC'].every((s) => Math.sign(at(impact, s)) === -sign) &&
        Math.sign(at(impact, 'USDJPY')) === sign;
      // A decision moves yields through the policy path itself; a release through the 2-year's own state.
      const yields = e.kind === 'policy_decision' || Math.sign(at(impact, 'US2Y')) === sign;
      if (!right || !yields || !e.moves.includes('SPX')) t.fail(`${e.headline}: moves the wrong way or too little`);
    }
  },
);

t.test('entity filters: type:key pairs, lower-cased, or what is wrong with them', async (t) => {
  t.same(parseEntityFilter('instrument:BTC, company:apple,project:nvidia/blackwell'), {
    keys: ['instrument:btc', 'company:apple', 'project:nvidia/blackwell'],
    problems: [],
  });
  t.same(parseEntityFilter('btc').problems, [
    '"btc": expected type:key with type one of instrument, company, person, macro, project, sector',
  ]);
  t.same(parseEntityFilter('company:a/b').problems, ['"company:a/b": not a valid company key']);
  t.same(parseEntityFilter(' , ').problems, ['names no entity']);
});

t.test(
  'every upcoming catalyst has its outcome story scheduled, at its time, of its kind, about its entities',
  async (t) => {
    const upcoming = story.catalysts.filter((c) => c.expectedAt >= anchor);
    t.same(
      story.scheduled.map((o) => o.catalystId),
      upcoming.map((c) => c.id),
    );
    for (const { catalystId, story: outcome } of story.scheduled) {
      const c = upcoming.find((u) => u.id === catalystId)!;
      if (
        outcome.occurredAt !== c.expectedAt ||
        outcome.kind !== c.kind ||
        !c.entities.every((e) => outcome.entities.some((o) => o.key === e.key))
      ) {
        t.fail(`catalyst ${c.id} (${c.title}): its scheduled outcome does not match it`);
      }
    }
    t.ok(
      story.scheduled.some((o) => o.story.shocks.length > 0),
      'some of them move prices',
    );
    const days = [...story.events, ...story.scheduled.map((o) => o.story)].flatMap((e) =>
      e.shocks.map((s) => `${s.on}:${Math.floor(e.occurredAt / DAY)}`),
    );
    t.equal(new Set(days).size, days.length, 'still one shock per target and day, past and scheduled together');
    const published = publishedStory(story.scheduled[0]!.story, 'c12345');
    t.ok(new URL(published.sourceUrl).hostname.endsWith('.example') && published.sourceUrl.endsWith('-c12345'));
    t.notOk('sourceHost' in published);
  },
);
