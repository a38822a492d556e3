// The news parser on its own fixtures (RSS 2.0 with dc:, media: and content:, Atom) and the real Yahoo Finance feed,
// the kind and importance rules, and the entity linker's precision on a labelled fixture and on the real sample.
import t from 'tap';
import { companyRef, instrumentRef, personRef, type Ref } from '../../../../core/refs.js';
import { classify } from '../../../../core/sources/news/classify.js';
import { parseNewsPayload, storyKey } from '../../../../core/sources/news/index.js';
import { type LinkTarget, MentionLinker } from '../../../../core/sources/news/mentions.js';
import { PayloadError } from '../../../../core/sources/records.js';
import { fixture, readRealdata, realdataSkip } from '../../../../harness/realdata.js';
import { thrownBy } from '../../../helpers/thrown.js';

const YAHOO = 'news_rss/yahoo_finance_headline_rss_NVDA_2026-09-26.xml';

t.test('RSS 2.0 with namespaces: stories keyed by link, repeats and unreadable items skipped', async (t) => {
  const { stories, skipped } = parseNewsPayload(fixture('news/wire.rss.xml'), { key: null });
  t.same(skipped, [
    { item: 'items[2]', reason: 'guid hsw-1001: given twice in the feed' },
    { item: 'items[3]', reason: 'publication time: missing (pubDate, dc:date, published or updated)' },
    { item: 'items[4]', reason: 'link: missing, and no guid is an address' },
  ]);
  t.match(stories, [
    {
      source: 'rss',
      sourceKey: 'https://wire.example/2026/11/24/chips-foundry',
      kind: 'm_and_a',
      occurredAt: Date.parse('2026-11-24T13:05:00Z'),
      precision: 'minute',
      headline: 'Example Chips to acquire Example Foundry for $4 billion',
      sourceName: 'Harbor Street Wire',
      sourceUrl: 'https://wire.example/2026/11/24/chips-foundry?utm_source=rss&utm_medium=feed',
      entities: [],
      points: [],
    },
    {
      kind: 'rating',
      occurredAt: Date.parse('2026-11-24T14:30:00Z'),
      headline: 'Example Foundry downgraded to underweight',
    },
    { kind: 'news', importance: 15, headline: 'Should you buy Example Chips stock now?' },
  ]);
  t.equal(stories!.length, 3);
  t.match(
    stories![0]!.mentions,
    /\(NASDAQ:EXCH\) agreed to buy its contract manufacturer, chief executive Jane Example said\./,
    'HTML dropped for linking',
  );
  t.notMatch(
    JSON.stringify(stories![0]!.summary),
    /contract manufacturer|never stored/,
    "the source's text is not the summary",
  );
  t.equal(stories![0]!.summary, 'Deal news reported by Harbor Street Wire.');
  t.match(stories![2]!.mentions, /Opinion & analysis — the CEO is upbeat\./, 'entities escaped twice decoded once');
});

t.test('Atom: the alternate link, published before updated, an entry naming its own publisher', async (t) => {
  const { stories, skipped } = parseNewsPayload(fixture('news/desk.atom.xml'), { key: 'Configured Desk' });
  t.same(skipped, [{ item: 'items[2]', reason: 'link: missing, and no guid is an address' }]);
  t.match(stories, [
    {
      sourceUrl: 'https://desk.example/entries/1',
      occurredAt: Date.parse('2026-11-24T13:00:00Z'),
      headline: 'Example Chips & partners unveil a new chip',
      kind: 'product',
      sourceName: 'Configured Desk',
    },
    { sourceUrl: 'https://desk.example/entries/2', kind: 'policy_decision', importance: 70, sourceName: 'Other Desk' },
  ]);
  t.match(stories![0]!.mentions, /EXCH showed it at its developer day\./);
});

t.test('documents that are not feeds are refused whole', async (t) => {
  t.throws(() => parseNewsPayload('{"items": []}', { key: null }), { message: /^not XML: / });
  t.ok(
    thrownBy(() => parseNewsPayload('<feed/>x', { key: null })) instanceof PayloadError,
    'a PayloadError: nothing of it is written',
  );
  t.throws(() => parseNewsPayload('<html><body>moved</body></html>', { key: null }), {
    message: /not a news feed: the document is <html>/,
  });
  t.throws(() => parseNewsPayload('<rss><channel><item><title>cut', { key: null }), { message: /^not XML: / });
});

t.test('story keys: tracking parameters and fragments do not make a second story', async (t) => {
  t.equal(storyKey('https://Finance.Yahoo.com/a/b.html?.tsrc=rss#top'), 'https://finance.yahoo.com/a/b.html');
  t.equal(storyKey('https://x.example/a?id=7&utm_campaign=z'), 'https://x.example/a?id=7');
});

t.test('kind rules: the first matching rule, opinion pieces low whatever they name', async (t) => {
  t.same(classify('Acme beats estimates as quarterly revenue jumps'), { kind: 'earnings', importance: 60 });
  t.same(classify('Acme downgraded after earnings miss'), { kind: 'rating', importance: 45 });
  t.same(classify('Acme CEO steps down'), { kind: 'management', importance: 45 });
  t.same(classify('3 Stocks to Load Up on Before 2026 Is Over'), { kind: 'news', importance: 15 });
  t.same(classify('A quiet day on the markets'), { kind: 'news', importance: 30 });
});

/** Precision and recall of the linker's company, instrument and person links against labels, by item link. */
function measure(
  linker: MentionLinker,
  stories: { sourceUrl: string; mentions?: string }[],
  labels: Record<string, string[]>,
) {
  let found = 0;
  let right = 0;
  let labelled = 0;
  const wrong: string[] = [];
  for (const s of stories) {
    const want = new Set(labels[s.sourceUrl] ?? []);
    const got = linker.link(s.mentions!).map((r) => r.key);
    labelled += want.size;
    found += got.length;
    for (const key of got) {
      if (want.has(key)) right++;
      else wrong.push(`${key} in ${s.sourceUrl}`);
    }
  }
  return { precision: right / found, recall: right / labelled, wrong };
}

const company = (slug: string, name: string, tickers: string[]): LinkTarget => ({
  ref: companyRef(slug, name),
  names: [name],
  tickers,
  with: [],
});

t.test('entity linking precision on a labelled fixture', async (t) => {
  const linker = new MentionLinker([
    company('apple', 'Apple Inc.', ['AAPL']),
    company('nvidia', 'NVIDIA Corporation', ['NVDA']),
    company('ford', 'Ford Motor Company', ['F']),
    company('microsoft', 'Microsoft Corporation', ['MSFT']),
    company('tesla', 'Tesla, Inc.', ['TSLA']),
    company('ge', 'GE Aerospace', ['GE']),
    company('on-semi', 'ON Semiconductor', ['ON']),
    company('first-solar', 'First Solar, Inc.', ['FSLR']),
    company('ferrari', 'Ferrari N.V.', ['RACE']),
    { ref: instrumentRef({ symbol: 'BTC', name: 'Bitcoin' }), names: ['Bitcoin'], tickers: ['BTC'], with: [] },
    { ref: personRef('jensen-huang', 'Jensen Huang'), names: ['Jensen Huang'], tickers: [], with: [] },
    { ref: personRef('lisa-cook', 'Lisa Cook'), names: ['Lisa Cook'], tickers: [], with: [] },
  ]);
  const { stories } = parseNewsPayload(fixture('news/labelled.rss.xml'), { key: null });
  const at = (n: number) => `https://labelled.example/${n}`;
  const labels = {
    [at(1)]: ['apple'],
    [at(2)]: ['nvidia'],
    [at(4)]: ['ford'],
    [at(6)]: ['BTC'],
    [at(7)]: ['microsoft'],
    [at(8)]: ['tesla'],
    [at(9)]: ['jensen-huang', 'nvidia'],
    [at(10)]: ['lisa-cook'],
    [at(11)]: ['ge'],
    [at(13)]: ['first-solar'],
  };
  const m = measure(linker, stories!, labels);
  t.comment(
    `labelled fixture: precision ${m.precision.toFixed(3)}, recall ${m.recall.toFixed(3)}; wrong: ${m.wrong.join('; ') || 'none'}`,
  );
  t.ok(m.precision >= 0.9, `precision ${m.precision.toFixed(3)} at least 0.9`);
  t.ok(m.recall >= 0.9, `recall ${m.recall.toFixed(3)} at least 0.9`);
  t.same(m.wrong, ['apple in https://labelled.example/12'], 'the one known miss: a fruit named like a company');
});

t.test('entity linking precision on the real feed', { skip: realdataSkip('news_rss') }, async (t) => {
  const linker = new MentionLinker([
    company('nvidia', 'NVIDIA Corporation', ['NVDA']),
    company('crowdstrike', 'CrowdStrike Holdings, Inc.', ['CRWD']),
    company('broadcom', 'Broadcom Inc.', ['AVGO']),
    company('amazon', 'Amazon', ['AMZN']),
    company('intel', 'Intel Corporation', ['INTC']),
    company('palantir', 'Palantir', ['PLTR']),
    company('berkshire', 'Berkshire Hathaway Inc.', ['BRK.B']),
    company('mcdonalds', "McDonald's Corporation", ['MCD']),
    company('ford', 'Ford Motor Company', ['F']),
    company('ferrari', 'Ferrari N.V.', ['RACE']),
    company('toho', 'Toho Co., Ltd.', ['9602']),
    company('apple', 'Apple Inc.', ['AAPL']),
    company('microsoft', 'Microsoft Corporation', ['MSFT']),
  ]);
  const { stories, skipped } = parseNewsPayload(readRealdata(YAHOO), { key: null });
  t.same(skipped, []);
  t.equal(stories!.length, 20);
  t.ok(stories!.every((s) => s.sourceName === 'Yahoo! Finance: NVDA News' && /^https:\/\//.test(s.sourceUrl)));
  t.equal(new Set(stories!.map((s) => s.sourceKey)).size, 20);
  t.ok(
    stories!.every((s) => !s.sourceKey.includes('tsrc')),
    'tracking parameter dropped from the keys',
  );
  t.equal(stories![0]!.occurredAt, Date.parse('2026-09-26T09:08:01Z'));
  // What a reader says each headline and description name, among the covered companies above.
  const byTitle = (start: string) => stories!.find((s) => s.headline.startsWith(start))!.sourceUrl;
  const labels = {
    [byTitle('Jim Cramer Says')]: ['nvidia', 'crowdstrike'],
    [byTitle('Nvidia vs. Broadcom')]: ['nvidia', 'broadcom'],
    [byTitle('How Investors May Respond To Toho')]: ['toho'],
    [byTitle('Amazon Has No Dividend')]: ['amazon'],
    [byTitle('The Biggest Risk to Palantir')]: ['palantir'],
    [byTitle('Most of Berkshire')]: ['berkshire'],
    [byTitle('Burger King')]: ['mcdonalds'],
    [byTitle('Intel Is Up')]: ['intel'],
    [byTitle('Prediction: Ferrari')]: ['ferrari', 'ford'],
  };
  const m = measure(linker, stories!, labels);
  t.comment(
    `real feed: precision ${m.precision.toFixed(3)}, recall ${m.recall.toFixed(3)}; wrong: ${m.wrong.join('; ') || 'none'}`,
  );
  t.ok(m.precision >= 0.9, `precision ${m.precision.toFixed(3)} at least 0.9`);
  t.ok(m.recall >= 0.8, `recall ${m.recall.toFixed(3)} at least 0.8`);
});

t.test('a company brings its instruments, an instrument its company, each once', async (t) => {
  const acme = companyRef('acme', 'Acme Widgets');
  const share: Ref = instrumentRef({ symbol: 'ACME', name: 'Acme Widgets' });
  const linker = new MentionLinker([
    { ref: acme, names: ['Acme Widgets'], tickers: [], with: [share] },
    { ref: share, names: [], tickers: ['ACME'], with: [acme] },
  ]);
  t.same(linker.link('ACME jumps; Acme Widgets says more, ACME again'), [share, acme]);
  t.same(linker.link('nothing here'), []);
});
