// The demo story: deterministic, ids in time order, catalysts linked to their outcomes (past) or scheduled (upcoming),
// one cause per jump day.
import t from 'tap';
import { demoStory, publishedStory } from '../../../core/demo/story.js';
import { parseEntityFilter } from '../../../core/refs.js';

const DAY = 86_400_000;
const anchor = Date.UTC(2026, 10, 22, 9, 30);
const start = anchor - (anchor % DAY) - 761 * DAY;
const story = demoStory(7, start, anchor);

t.test('the same seed and times give the same story; another seed another', async (t) => {
  t.same(demoStory(7, start, anchor), story);
  t.not(JSON.stringify(demoStory(8, start, anchor).events.map((e) => e.headline)), JSON.stringify(story.events.map((e) => e.headline)));
});

t.test('events: ids in time order, inside the window, sourced on .example, importance 0-100', async (t) => {
  const { events } = story;
  t.ok(events.length >= 300, `${events.length} events`);
  t.ok(events.every((e, k) => e.id === k + 1 && (k === 0 || e.occurredAt >= events[k - 1]!.occurredAt)));
  t.ok(events.every((e) => e.occurredAt >= start && e.occurredAt < anchor));
  t.ok(events.every((e) => new URL(e.sourceUrl).hostname.endsWith('.example') && e.sourceUrl.endsWith(`-${e.id}`)));
  t.ok(events.every((e) => e.importance >= 0 && e.importance <= 100 && e.entities.length >= 1));
  const noise = events.filter((e) => e.importance < 40);
  t.ok(noise.length >= 150 && noise.every((e) => e.jumps.length === 0), 'plenty of low-importance stories that move nothing');
  const days = events.flatMap((e) => e.jumps.map((j) => `${j.symbol}:${Math.floor(e.occurredAt / DAY)}`));
  t.equal(new Set(days).size, days.length, 'never two jumps of one instrument on one day');
});

t.test('catalysts: scheduled, their outcome linked once it happened, some still to come', async (t) => {
  const byId = new Map(story.events.map((e) => [e.id, e]));
  for (const c of story.catalysts) {
    if (c.expectedAt < anchor) {
      const outcome = byId.get(c.outcomeEventId!);
      if (!outcome || outcome.occurredAt !== c.expectedAt || outcome.kind !== c.kind) t.fail(`catalyst ${c.id} (${c.title}) has no outcome`);
    } else if (c.outcomeEventId !== null) t.fail(`upcoming catalyst ${c.id} has an outcome`);
  }
  const upcoming = story.catalysts.filter((c) => c.expectedAt >= anchor);
  t.ok(upcoming.length >= 5 && upcoming.some((c) => c.kind === 'earnings'), `${upcoming.length} upcoming`);
  t.same(new Set(story.catalysts.map((c) => c.kind)), new Set(['earnings', 'macro_release', 'policy_decision']));
});

t.test('entity filters: type:key pairs, lower-cased, or what is wrong with them', async (t) => {
  t.same(parseEntityFilter('instrument:BTC, company:apple,project:nvidia/blackwell'), { keys: ['instrument:btc', 'company:apple', 'project:nvidia/blackwell'], problems: [] });
  t.same(parseEntityFilter('btc').problems, ['"btc": expected type:key with type one of instrument, company, person, macro, project, sector']);
  t.same(parseEntityFilter('company:a/b').problems, ['"company:a/b": not a valid company key']);
  t.same(parseEntityFilter(' , ').problems, ['names no entity']);
});

t.test('every upcoming catalyst has its outcome story scheduled, at its time, of its kind, about its entities', async (t) => {
  const upcoming = story.catalysts.filter((c) => c.expectedAt >= anchor);
  t.same(story.scheduled.map((o) => o.catalystId), upcoming.map((c) => c.id));
  for (const { catalystId, story: outcome } of story.scheduled) {
    const c = upcoming.find((u) => u.id === catalystId)!;
    if (outcome.occurredAt !== c.expectedAt || outcome.kind !== c.kind || !c.entities.every((e) => outcome.entities.some((o) => o.key === e.key))) {
      t.fail(`catalyst ${c.id} (${c.title}): its scheduled outcome does not match it`);
    }
  }
  t.ok(story.scheduled.some((o) => o.story.jumps.length > 0), 'some of them move prices');
  const days = [...story.events, ...story.scheduled.map((o) => o.story)].flatMap((e) => e.jumps.map((j) => `${j.symbol}:${Math.floor(e.occurredAt / DAY)}`));
  t.equal(new Set(days).size, days.length, 'still one jump per instrument and day, past and scheduled together');
  const published = publishedStory(story.scheduled[0]!.story, 'c12345');
  t.ok(new URL(published.sourceUrl).hostname.endsWith('.example') && published.sourceUrl.endsWith('-c12345'));
  t.notOk('sourceHost' in published);
});
