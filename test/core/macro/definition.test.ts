// A series' definition: the catalog over what the source says, or the source's own words and a slug of its id for a
// series the catalog does not know; a frequency read from dates alone when nothing says it.
import t from 'tap';
import { catalogBySlug } from '../../../core/macro/catalog.js';
import { derivedSlug, seriesDefinition } from '../../../core/macro/definition.js';
import { inferFrequency } from '../../../core/macro/frequency.js';
import type { SeriesRecord } from '../../../core/sources/macro-records.js';
import { DAY_MS } from '../../../core/time.js';

const day = (iso: string) => Date.parse(`${iso}T00:00:00Z`);
const every = (start: string, n: number, stepDays: number) =>
  Array.from({ length: n }, (_, k) => day(start) + k * stepDays * DAY_MS);
const monthly = (n: number) => Array.from({ length: n }, (_, k) => Date.UTC(2020, k, 1));

const record = (over: Partial<SeriesRecord>): SeriesRecord => ({
  source: 'fred',
  sourceKey: 'X',
  title: 'A title',
  units: 'Percent',
  unitsShort: '%',
  frequency: 'weekly',
  seasonalAdjustment: 'Not Seasonally Adjusted',
  seasonalAdjustmentShort: 'NSA',
  observationStart: null,
  observationEnd: null,
  lastUpdated: day('2026-03-11'),
  notes: null,
  sourceUrl: 'https://fred.stlouisfed.org/series/X',
  ...over,
});

t.test('a known series from a plain CSV: all from the catalog', async (t) => {
  const unrate = catalogBySlug('us-unemployment')!;
  t.same(seriesDefinition('fred', 'UNRATE', null, monthly(3)), {
    slug: 'us-unemployment',
    source: 'fred',
    seriesId: 'UNRATE',
    name: 'US unemployment rate',
    sourceTitle: null,
    category: 'jobs',
    units: 'Percent',
    unitsShort: null,
    frequency: 'monthly',
    seasonalAdjustment: 'SA',
    displayMode: 'rate',
    whyItMatters: unrate.whyItMatters,
    release: { id: '50', name: 'Employment Situation', schedule: unrate.release!.schedule },
    sourceUrl: 'https://fred.stlouisfed.org/series/UNRATE',
    lastUpdated: null,
  });
});

t.test(
  "a known series with the source's metadata: the source's units and title, the catalog's name and mode",
  async (t) => {
    const d = seriesDefinition(
      'fred',
      'CPIAUCSL',
      record({
        sourceKey: 'CPIAUCSL',
        title: 'Consumer Price Index for All Urban Consumers',
        units: 'Index 1982-1984=100',
        frequency: 'monthly',
        seasonalAdjustmentShort: 'SA',
      }),
      [],
    );
    t.match(d, {
      slug: 'us-cpi',
      name: 'US consumer price index',
      sourceTitle: 'Consumer Price Index for All Urban Consumers',
      units: 'Index 1982-1984=100',
      unitsShort: '%',
      displayMode: 'pct_change_yoy',
      lastUpdated: day('2026-03-11'),
    });
  },
);

t.test('a definition from the source cites the page its record names, on the site its payload came from', async (t) => {
  const mirrored = record({ sourceKey: 'CPIAUCSL', sourceUrl: 'https://fred.stlouisfed.example/series/CPIAUCSL' });
  t.equal(
    seriesDefinition('fred', 'CPIAUCSL', mirrored, []).sourceUrl,
    'https://fred.stlouisfed.example/series/CPIAUCSL',
  );
  t.equal(
    seriesDefinition('fred', 'CPIAUCSL', null, monthly(3)).sourceUrl,
    'https://fred.stlouisfed.org/series/CPIAUCSL',
    'observations alone: its page on FRED',
  );
});

t.test('an unknown series: a slug of its source and id, its own title, a mode from its units, other', async (t) => {
  t.match(
    seriesDefinition(
      'fred',
      'T5YIE',
      record({ sourceKey: 'T5YIE', title: '5-Year Breakeven Inflation Rate', frequency: 'daily' }),
      [],
    ),
    {
      slug: 'fred-t5yie',
      name: '5-Year Breakeven Inflation Rate',
      category: 'other',
      displayMode: 'rate',
      whyItMatters: null,
      release: null,
      frequency: 'daily',
    },
  );
  t.match(seriesDefinition('fred', 'BAML_X1', null, every('2026-01-05', 10, 7)), {
    slug: 'fred-baml-x1',
    name: 'BAML_X1',
    units: null,
    frequency: 'weekly',
    displayMode: 'level',
  });
  t.equal(derivedSlug('fred', 'DGS1MO'), 'fred-dgs1mo');
});

t.test('a frequency read from dates: the median gap, weekends and holidays in a daily series', async (t) => {
  const weekdays = every('2026-01-05', 40, 1).filter((d) => ![0, 6].includes(new Date(d).getUTCDay()));
  t.equal(inferFrequency(weekdays), 'daily');
  t.equal(inferFrequency(every('2026-01-03', 10, 7)), 'weekly');
  t.equal(inferFrequency(every('2026-01-03', 10, 14)), 'biweekly');
  t.equal(inferFrequency(monthly(24)), 'monthly');
  t.equal(inferFrequency(Array.from({ length: 8 }, (_, k) => Date.UTC(2020, 3 * k, 1))), 'quarterly');
  t.equal(inferFrequency(Array.from({ length: 4 }, (_, k) => Date.UTC(2020, 6 * k, 1))), 'semiannual');
  t.equal(inferFrequency(Array.from({ length: 5 }, (_, k) => Date.UTC(2020 + k, 0, 1))), 'annual');
  t.equal(inferFrequency([day('2026-01-01')]), null, 'one date says nothing');
  t.equal(
    seriesDefinition('fred', 'ONEDAY', null, [day('2026-01-01')]).frequency,
    'daily',
    'and is then taken as daily',
  );
});
