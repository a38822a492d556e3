// The entity graph over real HTTP on the demo: companies, projects, people and sectors against the demo's own
// reference data, their filters and bad input; search and the events filters reaching them; and every EntityRef path
// any list hands out resolving, as /v1 + path, to an answer (the demo's macro series and markets included).
import t from 'tap';
import { demoProfiles } from '../../../core/demo/profiles/index.js';
import type { CompanyRecord, PersonRecord, ProjectRecord } from '../../../core/sources/records.js';
import { PROJECT_STAGES } from '../../../core/vocabulary.js';
import { DEMO_READER, sharedServer } from '../../../harness/shared-server.js';
import { eachAtOnce } from '../../helpers/each-at-once.js';

const server = await sharedServer(DEMO_READER);
t.teardown(() => server.release());

const meta = (await (await server.get('/v1/meta')).json()) as { data: { dataset: { loadedAt: string } } };
const anchor = Date.parse(meta.data.dataset.loadedAt);
// The demo's reference data alone: its whole dataset draws the market's history too, seconds of this file's CPU.
const profiles = demoProfiles(anchor);
const companies = profiles.companies as Omit<CompanyRecord, 'source' | 'sourceKey'>[];
const people = profiles.people as Omit<PersonRecord, 'source' | 'sourceKey'>[];
const projects = profiles.projects as Omit<ProjectRecord, 'source' | 'sourceKey'>[];

interface Ref {
  type: string;
  key: string;
  label: string;
  path: string | null;
}
type Json = Record<string, any>;

async function get(path: string, status = 200): Promise<Json> {
  const res = await server.get(path);
  const body = (await res.json()) as Json;
  if (res.status !== status) throw new Error(`${path}: ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
  return body;
}

t.test('/v1/companies: every covered company with its sector and its share price', async (t) => {
  const { data, page } = await get('/v1/companies');
  t.same(
    data.map((c: Json) => c.slug),
    [...companies].sort((a, b) => a.name.localeCompare(b.name)).map((c) => c.slug),
    'all of them, by name',
  );
  t.same(page, { limit: companies.length, offset: 0, nextOffset: null });
  for (const c of data) {
    const profile = companies.find((p) => p.slug === c.slug)!;
    t.match(c, {
      type: 'company',
      key: c.slug,
      label: profile.name,
      path: `/companies/${c.slug}`,
      tickers: profile.tickers,
      industry: profile.industry,
    });
    t.equal(c.sector.key, profile.sector);
    if (profile.primaryInstrument === null)
      t.equal(c.primaryInstrument, null, `${c.slug}: no share of its own in the demo`);
    else {
      t.match(c.primaryInstrument, {
        symbol: profile.primaryInstrument,
        priceLabel: `${profile.primaryInstrument} · 24/7 (venues)`,
      });
      t.type(c.primaryInstrument.price, 'number');
      t.type(c.primaryInstrument.changePct, 'number');
    }
  }
});

t.test(
  '/v1/companies/{company}: the profile by slug or ticker in any case, with everything hanging on it',
  async (t) => {
    const apple = companies.find((c) => c.slug === 'apple')!;
    const forms = ['apple', 'APPLE', 'AAPL', 'aapl', 'Aapl'];
    const answers = await Promise.all(forms.map((f) => get(`/v1/companies/${f}`)));
    for (const a of answers) t.equal(a.data.slug, 'apple');
    const { data } = answers[0]!;
    t.match(data, {
      legalName: apple.legalName,
      cik: apple.cik,
      country: 'US',
      fiscalYearEndMonth: 9,
      description: apple.description,
      website: apple.website,
      employees: apple.employees,
      employeesAsOf: apple.employeesAsOf,
      sourceUrl: apple.sourceUrl,
      source: 'demo',
      sector: { type: 'sector', key: 'technology', label: 'Technology', path: '/sectors/technology' },
    });
    t.same(data.segments, apple.segments);
    t.same(
      data.instruments.map((i: Json) => i.symbol),
      ['AAPL'],
    );
    t.same(
      data.peers.map((p: Json) => [p.company.key, p.company.path, p.why]),
      apple.peers.map((p) => [p.company, `/companies/${p.company}`, p.why]),
    );
    t.ok(
      data.peers.every((p: Json) => p.primaryInstrument?.symbol),
      'each peer with its price',
    );
    t.same(
      data.projects.map((p: Json) => p.key).sort(),
      projects
        .filter((p) => p.company === 'apple')
        .map((p) => `apple/${p.slug}`)
        .sort(),
    );
    const modem = data.projects.find((p: Json) => p.slug === 'in-house-modem');
    t.same(
      modem.milestones,
      projects.find((p) => p.slug === 'in-house-modem')!.milestones,
      'milestones with their dates and sources',
    );
    t.ok(modem.kpis.length >= 1 && modem.kpis.every((k: Json) => k.sourceUrl && k.asOf), 'KPIs sourced and dated');
    t.match(
      data.people[0],
      { person: { type: 'person', path: /^\/people\// }, title: 'Chief Executive Officer', current: true },
      'the chief executive first',
    );
    const held = data.people.filter((p: Json) => p.current);
    const past = data.people.filter((p: Json) => !p.current);
    t.same(data.people, [...held, ...past], 'current roles before past ones');

    const state = (await get('/v1/companies/state-street')).data;
    t.equal(state.primaryInstrument, null, 'an ETF sponsor is not quoted by the ETF it issues');
    t.same(
      state.instruments.map((i: Json) => i.symbol),
      ['SPY'],
      'but its instruments list it',
    );
  },
);

t.test('companies: unknown ones are a 404, bad paths a 422', async (t) => {
  t.match(await get('/v1/companies/nosuch', 404), {
    error: { code: 'not_found', message: 'Company nosuch not found' },
  });
  t.match(
    await get('/v1/companies/BTC', 404),
    { error: { code: 'not_found' } },
    'an instrument without a company is no company',
  );
  t.match(await get(`/v1/companies/${'a'.repeat(121)}`, 422), {
    error: { code: 'validation_failed', details: [{ in: 'path', param: 'company' }] },
  });
  t.match(await get('/v1/companies?x=1', 422), { error: { code: 'validation_failed' } }, 'an unknown parameter');
});

t.test('/v1/projects: by company (slug or ticker) and stage, each with its next milestone', async (t) => {
  const all = (await get('/v1/projects')).data;
  t.equal(all.length, projects.length);
  t.same(
    all.map((p: Json) => p.key),
    projects.map((p) => `${p.company}/${p.slug}`).sort((a, b) => a.localeCompare(b)),
    'by company, then slug',
  );
  for (const p of all) {
    const source = projects.find((s) => `${s.company}/${s.slug}` === p.key)!;
    const due = (m: Json) => m.expectedFor ?? m.plannedFor;
    const next =
      source.milestones.filter((m) => m.status !== 'done').sort((a, b) => due(a).localeCompare(due(b)))[0] ?? null;
    t.same(p.nextMilestone, next, `${p.key}: the next milestone still to come`);
    t.match(p, {
      type: 'project',
      path: `/projects/${p.key}`,
      stage: source.stage,
      status: source.status,
      company: { type: 'company', key: source.company },
    });
  }
  const tesla = (await get('/v1/projects?company=TSLA')).data;
  t.same(
    tesla.map((p: Json) => p.key),
    ['tesla/energy-storage', 'tesla/lower-cost-model', 'tesla/robotaxi'],
  );
  t.same((await get('/v1/projects?company=tesla')).data, tesla);
  const early = (await get('/v1/projects?stage=pilot,TESTING')).data;
  t.same(
    early.map((p: Json) => p.key),
    all.filter((p: Json) => p.stage === 'pilot' || p.stage === 'testing').map((p: Json) => p.key),
  );
  t.ok(early.length >= 3);
  t.same((await get('/v1/projects?stage=cancelled')).data, [], 'a valid stage nothing is at');
  const bad = await get('/v1/projects?stage=pilot,shipping', 422);
  t.match(bad, {
    error: {
      code: 'validation_failed',
      details: [{ in: 'query', param: 'stage', message: `not one of ${PROJECT_STAGES.join(', ')}: shipping` }],
    },
  });
  t.match(await get('/v1/projects?company=nosuch', 404), { error: { code: 'not_found' } });
  t.match(await get('/v1/projects?company=tesla&company=apple', 422), {
    error: { details: [{ param: 'company', message: /repeated/ }] },
  });
  t.match(await get(`/v1/projects?stage=${'a'.repeat(501)}`, 422), { error: { details: [{ param: 'stage' }] } });
});

t.test('/v1/projects/{company}/{project}: the plan, the stories about it, its siblings', async (t) => {
  const { data } = await get('/v1/projects/TSLA/Robotaxi');
  const source = projects.find((p) => p.slug === 'robotaxi')!;
  t.match(data, { key: 'tesla/robotaxi', goal: source.goal, stage: 'pilot', status: 'delayed' });
  t.same(data.milestones, source.milestones);
  t.same(data.kpis, source.kpis);
  t.same(
    data.siblings.map((s: Json) => s.key),
    ['tesla/energy-storage', 'tesla/lower-cost-model'],
  );
  t.ok(data.events.length >= 1, `${data.events.length} stories about it`);
  t.ok(data.events.every((e: Json) => e.entities.some((r: Ref) => r.type === 'project' && r.key === 'tesla/robotaxi')));
  for (const m of source.milestones.filter((m) => m.status !== 'planned')) {
    const day = m.doneOn ?? m.sourceUrl.match(/news\/(\d{4}-\d{2}-\d{2})/)![1]!;
    if (Date.parse(day) >= anchor - 700 * 86_400_000)
      t.ok(
        data.events.some((e: Json) => e.occurredAt.startsWith(day) && e.kind === 'project_milestone'),
        `${m.name}: its story`,
      );
  }
  t.match(await get('/v1/projects/tesla/nosuch', 404), {
    error: { code: 'not_found', message: 'Project tesla/nosuch not found' },
  });
  t.match(await get('/v1/projects/nosuch/robotaxi', 404), {
    error: { code: 'not_found', message: 'Company nosuch not found' },
  });
  t.match(await get(`/v1/projects/tesla/${'p'.repeat(121)}`, 422), {
    error: { details: [{ in: 'path', param: 'project' }] },
  });
});

t.test(
  '/v1/people: executives and policymakers with their roles; one person with the stories about them',
  async (t) => {
    const { data } = await get('/v1/people');
    t.same(
      data.map((p: Json) => p.slug),
      [...people].sort((a, b) => a.name.localeCompare(b.name)).map((p) => p.slug),
    );
    const chair = data.find((p: Json) => p.slug === 'helena-marsh');
    t.match(chair, {
      kind: 'policymaker',
      roles: [
        { title: 'Chair of the Board of Governors', institution: 'Federal Reserve', company: null, current: true },
      ],
    });
    const stern = data.find((p: Json) => p.slug === 'jacob-stern');
    t.match(stern.roles, [{ company: { key: 'tesla', path: '/companies/tesla' }, current: false }], 'a past role');

    const detail = (await get('/v1/people/Helena-Marsh')).data;
    t.ok(detail.summary);
    t.ok(detail.events.length >= 5, `${detail.events.length} stories about the chair`);
    t.ok(
      detail.events.every((e: Json) => e.entities.some((r: Ref) => r.type === 'person' && r.key === 'helena-marsh')),
    );
    t.ok(
      detail.events.some((e: Json) => e.kind === 'policy_decision'),
      'the rate decisions she announced',
    );
    const ribeiro = (await get('/v1/people/ana-ribeiro')).data;
    t.ok(
      ribeiro.events.some((e: Json) => e.kind === 'management' && /Ana Ribeiro/.test(e.headline)),
      'her appointment',
    );
    t.match(await get('/v1/people/nobody', 404), { error: { code: 'not_found', message: 'Person nobody not found' } });
    t.match(await get(`/v1/people/${'x'.repeat(121)}`, 422), { error: { details: [{ in: 'path', param: 'slug' }] } });
  },
);

t.test(
  '/v1/sectors: each with its companies, their average change today and its important recent stories',
  async (t) => {
    const { data } = await get('/v1/sectors');
    t.same(data.map((s: Json) => s.slug).sort(), profiles.sectors!.map((s) => s.slug).sort());
    for (const s of data)
      t.equal(s.companyCount, companies.filter((c) => c.sector === s.slug).length, `${s.slug}: its companies counted`);
    const tech = (await get('/v1/sectors/Technology')).data;
    t.same(
      tech.companies.map((c: Json) => c.slug),
      ['apple', 'microsoft', 'nvidia'],
    );
    const changes = tech.companies.map((c: Json) => c.primaryInstrument.changePct);
    t.ok(
      Math.abs(tech.averageChangePct - changes.reduce((a: number, b: number) => a + b, 0) / changes.length) < 1e-9,
      'the mean of its companies today',
    );
    t.ok(tech.events.length >= 1 && tech.events.length <= 10);
    const members = new Set(['sector:technology', 'company:apple', 'company:microsoft', 'company:nvidia']);
    t.ok(
      tech.events.every((e: Json) => e.entities.some((r: Ref) => members.has(`${r.type}:${r.key}`))),
      'about the sector or its companies',
    );
    t.ok(
      tech.events.every((e: Json) => Date.parse(e.occurredAt) >= anchor - 31 * 86_400_000),
      'recent',
    );
    const importance = tech.events.map((e: Json) => e.importance);
    t.same(
      importance,
      [...importance].sort((a, b) => b - a),
      'most important first',
    );
    t.match(await get('/v1/sectors/nosuch', 404), { error: { code: 'not_found', message: 'Sector nosuch not found' } });
  },
);

t.test('search finds companies, people, projects and sectors', async (t) => {
  const find = async (q: string, type?: string) =>
    (await get(`/v1/search?q=${encodeURIComponent(q)}${type ? `&type=${type}` : ''}`)).data as Ref[];
  t.match((await find('Apple Inc.'))[0], { type: 'company', key: 'apple', path: '/companies/apple' }, 'by legal name');
  t.match((await find('helena'))[0], { type: 'person', key: 'helena-marsh', path: '/people/helena-marsh' });
  t.match((await find('robotaxi'))[0], { type: 'project', key: 'tesla/robotaxi', path: '/projects/tesla/robotaxi' });
  t.match((await find('health care'))[0], { type: 'sector', key: 'health-care', path: '/sectors/health-care' });
  t.ok(
    (await find('energy', 'sector,project')).every((r) => r.type === 'sector' || r.type === 'project'),
    'filtered by type',
  );
  t.match(await get('/v1/search?q=x&type=planet', 422), { error: { details: [{ param: 'type' }] } });
});

t.test('/v1/events: person and project filters reach the stories linked to them', async (t) => {
  const byPerson = (await get('/v1/events?entity=person:helena-marsh&limit=100')).data;
  t.ok(byPerson.length >= 5 && byPerson.every((e: Json) => e.entities.some((r: Ref) => r.key === 'helena-marsh')));
  const byProject = (await get('/v1/events?entity=project:tesla/robotaxi')).data;
  t.ok(byProject.length >= 1 && byProject.every((e: Json) => e.entities.some((r: Ref) => r.key === 'tesla/robotaxi')));
  t.same((await get('/v1/events?entity=PROJECT:Tesla/Robotaxi')).data, byProject, 'in any case');
});

t.test('every EntityRef path handed out resolves, as /v1 + path, to an answer', async (t) => {
  const paths = new Set<string>();
  const collect = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(collect);
    else if (value && typeof value === 'object') {
      const o = value as Json;
      if (typeof o.type === 'string' && typeof o.key === 'string' && 'path' in o && typeof o.path === 'string')
        paths.add(o.path);
      Object.values(o).forEach(collect);
    }
  };
  const walk = async (list: string) => {
    for (let offset: number | null = 0; offset !== null; ) {
      const page = await get(`${list}${list.includes('?') ? '&' : '?'}offset=${offset}`);
      collect(page.data);
      offset = page.page.nextOffset;
    }
  };
  await walk('/v1/events?limit=100');
  await walk('/v1/moves?limit=200');
  await walk('/v1/catalysts?from=2000-01-01&limit=200');
  await walk('/v1/odds?limit=200');
  collect((await get('/v1/companies')).data);
  for (const c of companies) collect((await get(`/v1/companies/${c.slug}`)).data);
  const series = (await get('/v1/macro')).data as Json[];
  for (const s of series) collect((await get(`/v1${s.path}`)).data);
  for (const m of (await get('/v1/odds?limit=200')).data as Json[]) collect((await get(`/v1${m.path}`)).data);
  const stored = new Set(series.map((s) => s.path));
  t.same(
    [...paths].filter((p) => p.startsWith('/macro/') && !stored.has(p)),
    [],
    'every macro series a story or market names is one the demo holds',
  );
  const walked = [...paths];
  for (const kind of [
    '/instruments/',
    '/events/',
    '/companies/',
    '/people/',
    '/projects/',
    '/sectors/',
    '/macro/',
    '/odds/',
  ])
    t.ok(
      walked.some((p) => p.startsWith(kind)),
      `paths of ${kind}`,
    );
  t.ok(
    walked.some((p) => /^\/instruments\/[^/]+\/moves\//.test(p)),
    'paths of moves',
  );
  let failed = 0;
  await eachAtOnce(walked, 4, async (path) => {
    const res = await server.get(`/v1${encodeURI(path)}`);
    await res.arrayBuffer();
    if (res.status !== 200 && ++failed <= 10) t.fail(`${path}: ${res.status}`);
  });
  t.equal(failed, 0, `${walked.length} paths walked`);
  // The same paths are the website's pages: each opens as HTML.
  let pages = 0;
  await eachAtOnce(walked, 4, async (path) => {
    const res = await server.get(encodeURI(path));
    await res.arrayBuffer();
    if ((res.status !== 200 || !res.headers.get('content-type')?.startsWith('text/html')) && ++pages <= 10)
      t.fail(`page ${path}: ${res.status}`);
  });
  t.equal(pages, 0, `${walked.length} pages opened`);
});

t.test("the demo's macro series and markets answer, and agree with its story", async (t) => {
  const dashboard = (await get('/v1/macro/dashboard')).data as Json[];
  t.ok(
    dashboard.length >= 13 && dashboard.every((d) => typeof d.latest.value === 'number'),
    'every headline series with its latest value',
  );
  t.ok(dashboard.filter((d) => d.nextRelease).length >= 10, 'and most with their next release');
  const rate = (await get('/v1/macro/fed-funds-rate')).data;
  const onDay = new Map((rate.observations as Json[]).map((o) => [o.date, o.value]));
  const decisions = (await get('/v1/events?kind=policy_decision&limit=100')).data as Json[];
  t.ok(decisions.length >= 10, `${decisions.length} rate decisions`);
  // A new range takes effect the day after its decision; one of the load's day has no day after it yet.
  const dayAfter = (iso: string) => new Date(Date.parse(iso) + 86_400_000).toISOString().slice(0, 10);
  for (const e of decisions.filter((d) => onDay.has(dayAfter(d.occurredAt)))) {
    const upper = Number(/Target range \d+\.\d\d-(\d+\.\d\d)%/.exec(e.points.join(' '))![1]);
    t.equal(
      onDay.get(dayAfter(e.occurredAt)),
      upper,
      `the policy rate the day after ${e.occurredAt.slice(0, 10)} is the decision's`,
    );
  }
  const payrolls = (await get('/v1/macro/us-payrolls')).data;
  t.ok(payrolls.revisions.length >= 1, 'payrolls revised after their first print');
  const resolved = (await get('/v1/odds?entity=macro:fed-funds-rate&status=resolved&limit=200')).data as Json[];
  t.ok(resolved.length >= 40, `${resolved.length} settled rate-decision markets`);
  const changes: Record<string, number> = { 'Cut >25bps': -0.5, 'Cut 25bps': -0.25, Hold: 0, 'Hike 25bps': 0.25 };
  for (const m of resolved.filter(
    (r) =>
      r.resolution === 'Yes' && decisions.some((e) => e.occurredAt === r.closeAt) && onDay.has(dayAfter(r.closeAt)),
  )) {
    const day = m.closeAt.slice(0, 10);
    t.equal(
      onDay.get(dayAfter(m.closeAt)) - onDay.get(day),
      changes[m.eventLabel],
      `${m.slug}: settled on the change made that day, in force the next`,
    );
  }
  const open = (await get('/v1/odds?entity=macro:fed-funds-rate&status=open')).data as Json[];
  t.ok(open.length >= 4, 'the next meeting is open');
  const detail = (await get(`/v1${open[0]!.path}`)).data;
  t.ok(
    detail.history.length && detail.catalysts.some((c: Json) => c.kind === 'policy_decision'),
    'with its history and the FOMC catalyst',
  );
});
