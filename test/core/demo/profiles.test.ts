// The demo's reference data holds together, for any anchor: it reads whole in the profiles format, every company has
// a profile, people and projects of its own, dates fall where their status says, roles hand over without overlap, and
// what happened inside the history is told by a story linked to whom and what it is about.
import t from 'tap';
import { demoProfileNews, demoProfiles } from '../../../core/demo/profiles/index.js';
import { DEMO_PEOPLE } from '../../../core/demo/profiles/people.js';
import { DEMO_COMPANIES, DEMO_INSTRUMENTS } from '../../../core/demo/universe.js';
import { demoWorld } from '../../../core/demo/world.js';
import { parseProfiles } from '../../../core/sources/profiles/index.js';
import type { ProjectRecord } from '../../../core/sources/records.js';

const DAY = 86_400_000;
const anchors = [
  Date.UTC(2026, 10, 24, 22, 30),
  Date.UTC(2027, 0, 1, 0, 0),
  Date.UTC(2026, 2, 31, 12, 0),
  Date.UTC(2028, 1, 29, 9, 15),
];
const today = (ms: number) => new Date(ms).toISOString().slice(0, 10);

for (const anchor of anchors) {
  t.test(`anchored at ${new Date(anchor).toISOString()}`, async (t) => {
    const payload = demoProfiles(anchor);
    const parsed = parseProfiles(JSON.parse(JSON.stringify(payload)), 'demo');
    t.same(parsed.skipped, [], 'reads whole in the profiles format');
    const companies = parsed.companies!;
    const people = parsed.people!;
    const projects = parsed.projects!;
    const sectors = new Set(parsed.sectors!.map((s) => s.slug));

    t.same(
      companies.map((c) => c.slug).sort(),
      DEMO_COMPANIES.map((c) => c.slug).sort(),
      'every demo company has a profile',
    );
    for (const c of companies) {
      const stock = DEMO_INSTRUMENTS.find((i) => i.company === c.slug && i.kind === 'stock');
      t.ok(c.sector !== null && sectors.has(c.sector), `${c.slug}: a known sector`);
      t.equal(
        c.primaryInstrument,
        stock?.symbol ?? null,
        `${c.slug}: its share quotes it, an ETF sponsor has none of its own here`,
      );
      const shares = c.segments.reduce((s, x) => s + x.revenueSharePct!, 0);
      t.ok(shares > 99 && shares <= 100.5, `${c.slug}: segments add up to ${shares}%`);
      t.ok(
        c.employeesAsOf! < today(anchor) &&
          c.segments.every((s) => s.asOf === c.employeesAsOf && s.sourceUrl === c.sourceUrl),
        `${c.slug}: facts as of its last fiscal year end, sourced`,
      );
      t.ok(new URL(c.sourceUrl!).hostname.endsWith('.example'), `${c.slug}: cited on .example`);
      t.ok(
        c.peers.length >= 1 && c.peers.every((p) => companies.some((o) => o.slug === p.company)),
        `${c.slug}: peers that are covered`,
      );
      const mine = projects.filter((p) => p.company === c.slug);
      t.ok(mine.length >= 2 && mine.length <= 4, `${c.slug}: ${mine.length} projects`);
      const current = people.filter((p) => p.roles.some((r) => r.company === c.slug && r.until === null));
      t.ok(current.length >= 2, `${c.slug}: ${current.length} current executives or directors`);
      t.ok(
        current.some((p) =>
          p.roles.some((r) => r.company === c.slug && r.until === null && /chief executive/i.test(r.title)),
        ),
        `${c.slug}: a chief executive`,
      );
    }

    t.ok(
      people.some(
        (p) =>
          p.kind === 'policymaker' &&
          p.roles.some((r) => r.institution === 'Federal Reserve' && /^chair/i.test(r.title) && r.until === null),
      ),
      'the central bank has a chair',
    );
    for (const p of people) {
      for (const r of p.roles) {
        t.ok(
          r.since! < today(anchor) && (r.until === null || r.until < today(anchor)),
          `${p.slug} ${r.title}: dated in the past`,
        );
        if (r.sourceUrl !== null) t.ok(new URL(r.sourceUrl).hostname.endsWith('.example'));
      }
    }
    // A chief's or chair's title at one place is held by one person at a time (a board has several governors): a
    // successor starts the day after the predecessor's last.
    const spells = people
      .flatMap((p) => p.roles.map((r) => ({ who: p.slug, org: r.company ?? r.institution, ...r })))
      .filter((r) => /chief|chair|president/i.test(r.title));
    for (const a of spells) {
      for (const b of spells) {
        if (a === b || a.org !== b.org || a.title !== b.title) continue;
        const overlap = a.since! <= (b.until ?? '9999') && b.since! <= (a.until ?? '9999');
        if (overlap) t.fail(`${a.who} and ${b.who} both ${a.title} at ${a.org}`);
      }
    }

    const byStatus = (p: ProjectRecord, s: string) => p.milestones.filter((m) => m.status === s);
    t.ok(
      projects.some((p) => byStatus(p, 'slipped').length),
      'some milestones slipped',
    );
    for (const p of projects) {
      for (const m of p.milestones) {
        if (m.status === 'done') t.ok(m.doneOn! < today(anchor), `${p.sourceKey} ${m.name}: done in the past`);
        if (m.status === 'planned')
          t.ok(m.plannedFor! > today(anchor), `${p.sourceKey} ${m.name}: planned in the future`);
        if (m.status === 'slipped')
          t.ok(
            m.expectedFor === null || m.expectedFor > today(anchor),
            `${p.sourceKey} ${m.name}: expected in the future`,
          );
        t.ok(new URL(m.sourceUrl).hostname.endsWith('.example'), `${p.sourceKey} ${m.name}: sourced`);
      }
      if (byStatus(p, 'slipped').length)
        t.not(p.status, 'on_track', `${p.sourceKey}: a slipped milestone is not on track`);
      if (p.status === 'completed')
        t.equal(
          byStatus(p, 'done').length,
          p.milestones.length,
          `${p.sourceKey}: completed means every milestone done`,
        );
      t.ok(
        p.kpis.every((k) => k.asOf < today(anchor)),
        `${p.sourceKey}: KPIs as of a past quarter end`,
      );
    }

    const start = anchor - 761 * DAY;
    const news = demoProfileNews(start, anchor);
    t.ok(
      news.stories.every((s) => s.occurredAt >= start && s.occurredAt < anchor),
      'stories inside the history',
    );
    for (const p of projects) {
      for (const m of p.milestones) {
        const day =
          m.status === 'done'
            ? m.doneOn
            : m.status === 'slipped'
              ? m.sourceUrl.match(/news\/(\d{4}-\d{2}-\d{2})/)?.[1]
              : null;
        if (!day || Date.parse(day) < start) continue;
        const told = news.stories.filter(
          (s) =>
            s.kind === 'project_milestone' &&
            today(s.occurredAt) === day &&
            s.entities.some((e) => e.type === 'project' && e.key === p.sourceKey),
        );
        t.equal(told.length, 1, `${p.sourceKey} ${m.name} (${m.status}): told on ${day}`);
      }
    }
    for (const p of people) {
      for (const r of p.roles) {
        if (Date.parse(r.since!) < start) continue;
        const told = news.stories.filter(
          (s) => today(s.occurredAt) === r.since && s.entities.some((e) => e.type === 'person' && e.key === p.slug),
        );
        t.equal(told.length, 1, `${p.slug} becomes ${r.title} on ${r.since}: told, and linked`);
        for (const s of told) {
          for (const named of people)
            if (s.headline.includes(named.name) || s.summary.includes(named.name))
              t.ok(
                s.entities.some((e) => e.key === named.slug),
                `names ${named.name}, links them`,
              );
        }
      }
    }
    for (const c of news.catalysts) {
      t.ok(c.expectedAt >= anchor, `${c.title}: upcoming`);
      t.ok(
        c.entities.some((e) => e.type === 'project'),
        `${c.title}: about its project`,
      );
    }
    t.ok(news.catalysts.length >= 10, `${news.catalysts.length} milestones on the calendar`);
  });
}

t.test('the same anchor gives the same reference data', async (t) => {
  t.same(demoProfiles(anchors[0]!), demoProfiles(anchors[0]!));
  t.same(demoProfileNews(anchors[0]! - 700 * DAY, anchors[0]!), demoProfileNews(anchors[0]! - 700 * DAY, anchors[0]!));
});

t.test(
  'every story that names a person links them; rate decisions link the chair, results the chief executive',
  async (t) => {
    const anchor = anchors[0]!;
    const { story } = demoWorld(20261121, anchor, 1);
    const everyone = DEMO_PEOPLE.map((p) => ({ slug: p.slug, name: p.name }));
    let named = 0;
    for (const e of [...story.events, ...story.scheduled.map((o) => o.story)]) {
      for (const p of everyone) {
        if (!`${e.headline} ${e.summary}`.includes(p.name)) continue;
        named++;
        if (!e.entities.some((r) => r.type === 'person' && r.key === p.slug))
          t.fail(`"${e.headline}" names ${p.name} without linking them`);
      }
    }
    t.ok(named >= 50, `${named} mentions of people, each linked`);
    const decisions = story.events.filter((e) => e.kind === 'policy_decision');
    t.ok(
      decisions.length >= 10 && decisions.every((e) => e.entities.some((r) => r.key === 'helena-marsh')),
      `${decisions.length} rate decisions link the chair`,
    );
    const results = story.events.filter((e) => e.kind === 'earnings' && e.entities.some((r) => r.key === 'apple'));
    t.ok(
      results.length >= 6 && results.every((e) => e.entities.some((r) => r.key === 'marcus-ellery')),
      "Apple's results quote and link its chief executive",
    );
  },
);
