// Search ranking: pg_trgm's similarity, and exact before prefix before fuzzy.
import t from 'tap';
import { instrumentRef, macroRef, marketRef } from '../../core/refs.js';
import {
  prefixTsQuery,
  rankMatches,
  searchable,
  similarity,
  stem,
  trigrams,
  webSearchText,
} from '../../core/search.js';

t.test('trigram similarity as pg_trgm computes it', async (t) => {
  t.same([...trigrams('word')].sort(), ['  w', ' wo', 'ord', 'rd ', 'wor']);
  t.equal(
    Number(similarity(trigrams('word'), trigrams('two words')).toFixed(6)),
    0.363636,
    "the pg_trgm manual's example",
  );
  t.equal(similarity(trigrams(''), trigrams('x')), 0);
});

t.test('exact beats prefix beats fuzzy; no match is left out', async (t) => {
  const items = [
    searchable(instrumentRef({ symbol: 'SOL', name: 'Solana' }), ['SOL', 'Solana']),
    searchable(instrumentRef({ symbol: 'SOLX', name: 'Solar Index' }), ['SOLX', 'Solar Index']),
    searchable(macroRef('us-cpi', 'US consumer price index'), []),
    searchable(instrumentRef({ symbol: 'XAU', name: 'Gold' }), ['XAU', 'Gold']),
  ];
  t.same(
    rankMatches(items, 'sol', 10).map((m) => m.ref.key),
    ['SOL', 'SOLX'],
    'exact symbol first, then the prefix',
  );
  t.same(
    rankMatches(items, 'solan', 10).map((m) => m.ref.key),
    ['SOL', 'SOLX'],
    'the prefix, then the close spelling (solar)',
  );
  t.same(
    rankMatches(items, 'index', 10).map((m) => m.ref.key),
    ['SOLX', 'us-cpi'],
    'a word of the name',
  );
  t.equal(rankMatches(items, 'solanna', 10)[0]!.ref.key, 'SOL', 'a misspelling, by trigrams');
  t.same(
    rankMatches(items, 'consumr', 10).map((m) => m.ref.key),
    ['us-cpi'],
    'close to one word of a long name',
  );
  t.same(rankMatches(items, 'bitcoin', 10), []);
  t.same(rankMatches(items, '   ', 10), []);
  t.equal(rankMatches(items, 's', 1).length, 1, 'limit');
});

t.test('common words of names do not match alone', async (t) => {
  const items = [
    searchable(instrumentRef({ symbol: 'AAPL', name: 'Apple Inc.' }), ['AAPL']),
    searchable(instrumentRef({ symbol: 'TSLA', name: 'Tesla, Inc.' }), ['TSLA']),
    searchable(instrumentRef({ symbol: 'MSFT', name: 'Microsoft Corp.' }), ['MSFT']),
    searchable(instrumentRef({ symbol: 'SPY', name: 'SPDR S&P 500 ETF Trust' }), ['SPY']),
    searchable(instrumentRef({ symbol: 'ETH', name: 'Ethereum' }), ['ETH']),
  ];
  t.same(
    rankMatches(items, 'Apple Inc.', 10).map((m) => m.ref.key),
    ['AAPL'],
  );
  t.same(rankMatches(items, 'nvidia corp', 10), [], 'another company that is also a "Corp."');
  t.same(
    rankMatches(items, 'eth', 10).map((m) => m.ref.key),
    ['ETH'],
    'not the ETF',
  );
  t.same(
    rankMatches(items, 'microsfot', 10).map((m) => m.ref.key),
    ['MSFT'],
    'a misspelled distinctive word still matches',
  );
});

t.test('a query of several words: each must match, in any order and form; live before settled', async (t) => {
  const market = (slug: string, question: string, live: boolean) => searchable(marketRef(slug, question), [], live);
  const items = [
    market('fed-cut-dec-2026', 'Will the Federal Reserve cut rates by 25bps at its December 2026 meeting?', true),
    market('fed-cut-dec-2025', 'Will the Federal Reserve cut rates by 25bps at its December 2025 meeting?', false),
    market('fed-hold-jan-2027', 'Will the Federal Reserve hold rates at its January 2027 meeting?', true),
    searchable(macroRef('us-unemployment', 'US unemployment rate'), []),
  ];
  const keys = (q: string) => rankMatches(items, q, 10).map((m) => m.ref.key);
  t.same(
    keys('rate cut'),
    ['fed-cut-dec-2026', 'fed-cut-dec-2025'],
    'not the hold, not the unemployment rate; the open market first',
  );
  t.same(keys('cuts rates'), ['fed-cut-dec-2026', 'fed-cut-dec-2025'], 'plurals and third persons');
  t.same(keys('will the fed hold'), ['fed-hold-jan-2027'], 'filler words left out');
  t.same(
    keys('federal reserve'),
    ['fed-hold-jan-2027', 'fed-cut-dec-2026', 'fed-cut-dec-2025'],
    'the live ones first at the same score (the shorter first)',
  );
  t.same(keys('unemploymnt rate'), ['us-unemployment'], 'a misspelled word still matches by trigrams');
  t.same(keys('rate hike'), [], 'a word nothing has');
  t.same(['cuts', 'rates', 'policies', 'status', 'class', 'cut'].map(stem), [
    'cut',
    'rate',
    'policy',
    'status',
    'class',
    'cut',
  ]);
});

t.test('story search text: word prefixes only, nothing that could break a tsquery', async (t) => {
  t.equal(prefixTsQuery('Fed rate'), 'fed:* & rate:*');
  t.equal(prefixTsQuery(`"a' | b:* & !c (d) fed fed`), 'a:* & b:* & c:* & d:* & fed:*');
  t.equal(prefixTsQuery(' - OR "'), 'or:*');
  t.equal(prefixTsQuery('%% -- ()'), null);
});

t.test(
  'web-search text: a chain of negations folds into one, an even chain into none, the rest as typed',
  async (t) => {
    t.equal(webSearchText('---x'), '-x');
    t.equal(webSearchText('- - x'), '  x');
    t.equal(webSearchText('-!-!-x'), '-x');
    t.equal(
      webSearchText('"federal reserve" -holds OR cuts'),
      '"federal reserve" -holds OR cuts',
      'one negation is left alone',
    );
    t.equal(webSearchText('x-ray -"a-b"'), 'x-ray -"a-b"', 'hyphens inside words and phrases too');
    t.equal(webSearchText('-'.repeat(40)), ' ');
  },
);
