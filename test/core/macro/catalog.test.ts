// The catalog of known series: well-formed and unique, covering every category, the dashboard and every real FRED
// sample, and keeping the slugs the demo's stories link to.
import t from 'tap';
import { catalogBySlug, catalogSeries, DASHBOARD_SLUGS, MACRO_CATALOG } from '../../../core/macro/catalog.js';
import { seriesIdFromFileName, seriesIdOf } from '../../../core/sources/fred/series-id.js';
import { MACRO_CATEGORIES } from '../../../core/vocabulary.js';
import { realdataFiles, realdataSkip } from '../../../harness/realdata.js';

const SLUG = /^[a-z0-9](?:[a-z0-9-]{0,78}[a-z0-9])?$/;

t.test('each entry has a valid slug and series id, each once, and says why it matters', async (t) => {
  t.equal(new Set(MACRO_CATALOG.map((s) => s.slug)).size, MACRO_CATALOG.length, 'slugs are unique');
  t.equal(
    new Set(MACRO_CATALOG.map((s) => `${s.source}:${s.seriesId}`)).size,
    MACRO_CATALOG.length,
    'series ids are unique',
  );
  for (const s of MACRO_CATALOG) {
    t.match(s.slug, SLUG, s.slug);
    t.equal(seriesIdOf(s.seriesId), s.seriesId, `${s.slug}: ${s.seriesId} is a FRED id`);
    t.ok(s.whyItMatters.length > 40 && s.name && s.units, `${s.slug}: named, with units and why it matters`);
    t.equal(catalogSeries(s.source, s.seriesId), s);
    t.equal(catalogBySlug(s.slug), s);
  }
  t.equal(catalogSeries('fred', 'NOSUCH'), null);
});

t.test('every category the service shows has series; only imported unknowns are other', async (t) => {
  const used = new Set(MACRO_CATALOG.map((s) => s.category));
  t.same(
    MACRO_CATEGORIES.filter((c) => !used.has(c)),
    ['other'],
  );
});

t.test(
  'the dashboard: policy rate, CPI, core PCE, payrolls, unemployment, claims, GDP, retail sales, 2y and 10y, curve, dollar, oil',
  async (t) => {
    t.same(
      DASHBOARD_SLUGS.map((slug) => catalogBySlug(slug)?.seriesId),
      [
        'DFEDTARU',
        'CPIAUCSL',
        'PCEPILFE',
        'PAYEMS',
        'UNRATE',
        'ICSA',
        'GDPC1',
        'RSXFS',
        'DGS2',
        'DGS10',
        'T10Y2Y',
        'DTWEXBGS',
        'DCOILWTICO',
      ],
    );
  },
);

t.test("the slugs the demo's stories link keep their series and names", async (t) => {
  t.match(catalogBySlug('fed-funds-rate'), {
    seriesId: 'DFEDTARU',
    name: 'Federal funds target rate',
    displayMode: 'rate',
  });
  t.match(catalogBySlug('us-cpi'), { seriesId: 'CPIAUCSL', name: 'US consumer price index' });
  t.match(catalogBySlug('us-payrolls'), { seriesId: 'PAYEMS', name: 'US nonfarm payrolls', displayMode: 'change' });
  t.match(catalogBySlug('us-jobless-claims'), {
    seriesId: 'ICSA',
    name: 'US initial jobless claims',
    frequency: 'weekly',
  });
});

t.test('every real FRED sample is of a series the catalog knows', { skip: realdataSkip('fred') }, async (t) => {
  const ids = new Set(
    realdataFiles('fred')
      .filter((f) => f.endsWith('.csv'))
      .map((f) => seriesIdFromFileName(f)!),
  );
  t.ok(ids.size >= 16, `${ids.size} series`);
  t.same(
    [...ids].filter((id) => !catalogSeries('fred', id)),
    [],
  );
});
