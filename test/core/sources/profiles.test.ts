// The profiles format: a curated file reads into sector, company, person and project records; an item with a bad
// field is skipped whole with where it was and why; what is not a profiles payload is refused.

import t from 'tap';
import { PROFILES_SOURCE, parseProfilesPayload } from '../../../core/sources/profiles/index.js';
import { PayloadError } from '../../../core/sources/records.js';
import { fixture as readFixture } from '../../../harness/realdata.js';

const fixture = readFixture('profiles/coverage.json');
const doc = JSON.parse(fixture) as Record<string, Record<string, unknown>[]>;
/** The fixture with one item of `list` changed by `change`. */
const withItem = (list: string, k: number, change: (item: Record<string, unknown>) => void) => {
  const copy = structuredClone(doc);
  change(copy[list]![k]!);
  return parseProfilesPayload(JSON.stringify(copy));
};

t.test('the fixture reads whole into records of the importing source, keyed by slug', async (t) => {
  const parsed = parseProfilesPayload(fixture);
  t.same(parsed.skipped, []);
  t.same(
    parsed.sectors!.map((s) => [s.source, s.sourceKey, s.name]),
    [[PROFILES_SOURCE, 'semiconductors', 'Semiconductors']],
  );
  const [chips, foundry] = parsed.companies!;
  t.match(chips, {
    sourceKey: 'example-chips',
    cik: '0001234567',
    tickers: ['EXCH'],
    fiscalYearEndMonth: 12,
    employees: 5400,
    primaryInstrument: 'EXCH',
  });
  t.same(
    chips!.segments.map((s) => s.revenueSharePct),
    [60, 40],
  );
  t.same(chips!.peers, [{ company: 'example-foundry', why: 'Makes the wafers its chips are cut from.' }]);
  t.match(foundry, { legalName: null, cik: null, description: null, segments: [], sourceUrl: null });
  const [jane] = parsed.people!;
  t.same(
    jane!.roles.map((r) => [r.company, r.institution, r.since, r.until, r.sourceUrl]),
    [
      ['example-chips', null, '2022-03-01', null, 'https://chips.example/news/ceo'],
      [null, 'Example Central Bank', '2015-01-05', '2022-02-28', null],
    ],
  );
  const [gan] = parsed.projects!;
  t.equal(gan!.sourceKey, 'example-chips/gan-chargers');
  t.same(
    gan!.milestones.map((m) => [m.status, m.plannedFor, m.plannedPrecision, m.doneOn, m.expectedFor]),
    [
      ['done', '2025-01-01', 'quarter', '2025-05-14', null],
      ['slipped', '2025-10-01', 'quarter', null, '2026-07-01'],
      ['planned', '2027-01-01', 'year', null, null],
    ],
  );
});

t.test('a bad item is skipped whole, with where it was and why; the rest is kept', async (t) => {
  const cases: [string, number, (item: Record<string, unknown>) => void, RegExp][] = [
    ['companies', 0, (c) => (c.slug = 'Example Chips'), /slug: expected a slug/],
    ['companies', 0, (c) => (c.cik = '12345678901'), /cik/],
    ['companies', 0, (c) => (c.country = 'USA'), /country/],
    ['companies', 0, (c) => (c.fiscalYearEndMonth = 13), /fiscalYearEndMonth/],
    ['companies', 0, (c) => (c.tickers = ['EX CH']), /tickers/],
    ['companies', 0, (c) => ((c.segments as Record<string, unknown>[])[0]!.revenueSharePct = 70), /add up to 110\.0%/],
    ['companies', 0, (c) => (c.peers = [{ company: 'example-chips', why: 'itself' }]), /not its own peer/],
    ['companies', 0, (c) => (c.employeesAsOf = '2025-02-30'), /employeesAsOf: expected a date/],
    ['people', 0, (p) => (p.kind = 'celebrity'), /kind: expected one of executive, director, policymaker, founder/],
    [
      'people',
      0,
      (p) => ((p.roles as Record<string, unknown>[])[0]!.institution = 'A Bank'),
      /roles\[0\]\.expected either a company/,
    ],
    [
      'people',
      0,
      (p) => ((p.roles as Record<string, unknown>[])[1]!.until = '2014-01-01'),
      /roles\[1\]\.until: before since/,
    ],
    ['projects', 0, (p) => (p.stage = 'shipping'), /stage: expected one of research/],
    ['projects', 0, (p) => (p.status = 'fine'), /status: expected one of on_track/],
    [
      'projects',
      0,
      (p) => ((p.milestones as Record<string, unknown>[])[0]!.doneOn = null),
      /milestones\[0\]\.doneOn: given exactly when the status is done/,
    ],
    [
      'projects',
      0,
      (p) => ((p.milestones as Record<string, unknown>[])[2]!.plannedFor = null),
      /milestones\[2\]\.plannedFor: a planned milestone needs/,
    ],
    [
      'projects',
      0,
      (p) => ((p.milestones as Record<string, unknown>[])[1]!.expectedFor = '2025-01-01'),
      /expectedFor: a slipped milestone is expected after/,
    ],
    [
      'projects',
      0,
      (p) => ((p.milestones as Record<string, unknown>[])[2]!.expectedFor = '2028-01-01'),
      /only a slipped milestone/,
    ],
    [
      'projects',
      0,
      (p) => ((p.kpis as Record<string, unknown>[])[0]!.value = 'seven'),
      /kpis\[0\]\.value: expected a number/,
    ],
    ['projects', 0, (p) => ((p.kpis as Record<string, unknown>[])[0]!.sourceUrl = 'ftp://x'), /kpis\[0\]\.sourceUrl/],
  ];
  for (const [list, k, change, reason] of cases) {
    const parsed = withItem(list, k, change);
    t.equal(parsed.skipped.length, 1, `${list}[${k}] ${reason}`);
    t.equal(parsed.skipped[0]?.item, `${list}[${k}]`);
    t.match(parsed.skipped[0]?.reason, reason);
    t.equal(parsed[list as 'companies']!.length, doc[list]!.length - 1, 'the other items are kept');
  }
});

t.test('what is not a profiles payload is refused whole', async (t) => {
  t.throws(() => parseProfilesPayload('{"feed": "tapewire-profiles"'), /not JSON/);
  t.throws(() => parseProfilesPayload('{"feed": "tapewire-demo-wire", "items": []}'), /not a profiles payload/);
  try {
    parseProfilesPayload('[]');
    t.fail('a list is not a payload');
  } catch (err) {
    t.ok(err instanceof PayloadError, 'a PayloadError: nothing of it is written');
  }
  const parsed = parseProfilesPayload('{"feed": "tapewire-profiles", "companies": {"slug": "x"}}');
  t.same(parsed.skipped, [{ item: 'companies', reason: 'expected a list' }]);
  t.same(parsed.companies, []);
});
