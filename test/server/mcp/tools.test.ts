// The MCP tools over real HTTP on the demo, through the SDK's own Client: tools/list, every tool with valid
// arguments (structuredContent valid against its outputSchema, the same JSON as text, the same data as the HTTP
// route), every tool with bad arguments (a tool error with its code), and no answer over 25,000 tokens (estimated as
// characters / 4) even for the largest demo entities and the widest arguments.

import { McpError } from '@modelcontextprotocol/sdk/types.js';
import t from 'tap';
import { createKey } from '../../../harness/server.js';
import { DEMO_KEYED, sharedServer } from '../../../harness/shared-server.js';
import { connectMcp, type Json, TOKEN_LIMIT, tokens } from '../../helpers/mcp.js';

const server = await sharedServer(DEMO_KEYED);
t.teardown(() => server.release());
const key = await createKey(server, 'mcp', 100_000_000);

const { client, tools, byName, call, toolError, http } = await connectMcp(t, server, key);

const { data: moves } = await http('/v1/moves?limit=50');
const cause = (moves as Json[]).find((m) => m.causes.length)!.causes[0].id as number;

// Asked before the first test: tap ends the run when its tests are done while the file still awaits at the top level.
/** A series the demo holds, if it holds any (macro-odds.test.ts calls the tool on imported series either way). */
const series = ((await http('/v1/macro')).data as Json[])[0]?.slug as string | undefined;
/** The demo's day `days` before its load, as YYYY-MM-DD: dates inside the history it holds, whatever day it runs. */
const loadedAt = Date.parse((await http('/v1/meta')).data.dataset.loadedAt as string);
const daysBack = (days: number) => new Date(loadedAt - days * 86_400_000).toISOString().slice(0, 10);

t.test('tools/list: the 24 tools, each described for a model, read-only', async (t) => {
  t.same(
    tools.map((tool) => tool.name),
    [
      'get_brief',
      'get_market_snapshot',
      'get_coverage',
      'search',
      'get_instrument',
      'get_price_history',
      'get_derivatives',
      'get_moves',
      'explain_move',
      'get_news',
      'get_story',
      'get_company',
      'get_project',
      'get_person',
      'get_sector',
      'get_fundamentals',
      'get_financials',
      'get_filings',
      'get_insider_trades',
      'get_calendar',
      'get_macro_series',
      'get_macro_dashboard',
      'get_prediction_markets',
      'get_glossary_term',
    ],
    'exactly the 24 tools of the interface',
  );
  for (const tool of tools) {
    t.ok(tool.title && tool.description && tool.description.length > 80, `${tool.name}: a title and a description`);
    t.equal(tool.inputSchema.type, 'object');
    t.equal(tool.outputSchema?.type, 'object');
    t.match(tool.annotations, { readOnlyHint: true, destructiveHint: false });
    t.ok(
      Object.keys(tool.outputSchema?.properties ?? {}).includes('data'),
      `${tool.name}: an outputSchema of its answer`,
    );
  }
  // An agent pays the whole list before its first call: it was 181,114 characters (about 45k tokens).
  const listed = JSON.stringify({ tools });
  t.ok(listed.length <= 40_000, `tools/list: ${listed.length} characters, at most 40,000`);
  t.same(
    Object.keys(byName.get('get_news')!.inputSchema.properties!),
    Object.keys((await import('../../../core/schemas/events.js')).EventListQuery.properties),
    "the route's own query",
  );
});

const VALID: [string, Json][] = [
  ['get_brief', { type: 'company', key: 'apple' }],
  ['get_brief', { type: 'event', key: String(cause), maxTokens: 16000 }],
  ['get_market_snapshot', {}],
  ['get_coverage', {}],
  ['search', { q: 'nvidia' }],
  ['get_instrument', { symbol: 'btc' }],
  ['get_price_history', { symbol: 'ETH', interval: '1h', limit: 48 }],
  ['get_derivatives', { symbol: 'BTC', from: daysBack(60) }],
  ['get_moves', { symbol: 'TSLA', limit: 5 }],
  ['explain_move', { symbol: 'BTC' }],
  ['get_news', { company: 'AAPL', limit: 5 }],
  ['get_story', { id: cause }],
  ['get_company', { company: 'AAPL' }],
  ['get_project', { company: 'tesla', project: 'robotaxi' }],
  ['get_person', { slug: 'ana-ribeiro' }],
  ['get_sector', { slug: 'technology' }],
  ['get_financials', { company: 'apple', quarters: 4, years: 2 }],
  ['get_fundamentals', { company: 'AAPL' }],
  ['get_filings', { company: 'apple', limit: 10 }],
  ['get_insider_trades', { company: 'apple', limit: 10 }],
  ['get_calendar', { limit: 10 }],
  ['get_macro_dashboard', {}],
  ['get_prediction_markets', { entity: 'macro:fed-funds-rate', limit: 5 }],
  ['get_glossary_term', { slug: 'z-score' }],
];

if (series) VALID.push(['get_macro_series', { slug: series }]);

t.test(
  'every tool with valid arguments: structuredContent valid against its outputSchema, the same JSON as text',
  async (t) => {
    const expected = tools.map((tool) => tool.name).filter((name) => series || name !== 'get_macro_series');
    t.same([...new Set(VALID.map(([name]) => name))].sort(), expected.sort(), 'every tool is called');
    for (const [name, args] of VALID) t.ok(await call(name, args), `${name} ${JSON.stringify(args)}`);
  },
);

t.test('the same data as the HTTP route', async (t) => {
  t.same(await call('get_story', { id: cause }), await http(`/v1/events/${cause}`), 'get_story');
  t.same(
    await call('get_news', { symbol: 'BTC', order: 'important', limit: 20 }),
    await http('/v1/events?symbol=BTC&order=important&limit=20'),
    'get_news',
  );
  t.same(
    await call('get_calendar', { from: daysBack(300), limit: 30 }),
    await http(`/v1/catalysts?from=${daysBack(300)}&limit=30`),
    'get_calendar',
  );
  t.same(
    await call('search', { q: 'tesla', type: 'company,instrument' }),
    await http('/v1/search?q=tesla&type=company,instrument'),
    'search',
  );
  t.same(
    await call('get_glossary_term', { slug: 'pe-ratio' }),
    await http('/v1/glossary/pe-ratio'),
    'get_glossary_term',
  );
  t.same(
    await call('get_filings', { company: 'AAPL', limit: 20 }),
    await http('/v1/filings?company=AAPL&limit=20'),
    'get_filings',
  );
  t.same(
    await call('get_insider_trades', { company: 'apple', limit: 20 }),
    await http('/v1/insider-trades?company=apple&limit=20'),
    'get_insider_trades',
  );
  t.same(
    await call('get_financials', { company: 'apple', quarters: 4 }),
    await http('/v1/companies/apple/financials?quarters=4'),
    'get_financials',
  );
  t.same(
    await call('get_project', { company: 'TSLA', project: 'robotaxi' }),
    await http('/v1/projects/tesla/robotaxi'),
    'get_project',
  );
  t.same(
    await call('explain_move', { symbol: 'ETH', date: moves[0].date }),
    await http(`/v1/moves/explain?symbol=ETH&date=${moves[0].date}`),
    'explain_move',
  );
  const brief = await call('get_brief', { type: 'person', key: 'ana-ribeiro', maxTokens: 1000 });
  t.same(brief, await http('/v1/brief/person/ana-ribeiro?maxTokens=1000'), 'get_brief');
});

t.test('story results carry their id and sourceUrl', async (t) => {
  const { data } = await call('get_news', { order: 'important', limit: 50 });
  t.ok(data.length === 50 && data.every((e: Json) => Number.isInteger(e.id) && /^https?:\/\//.test(e.sourceUrl)));
  const snapshot = await call('get_market_snapshot', {});
  t.ok(snapshot.data.topStories.every((e: Json) => e.id && e.sourceUrl));
});

t.test(
  'every tool with its required arguments alone answers in at most 10,000 tokens, saying what it left out',
  async (t) => {
    const DEFAULTS: [string, Json][] = [
      ['get_brief', { type: 'company', key: 'apple' }],
      ['get_market_snapshot', {}],
      ['get_coverage', {}],
      ['search', { q: 'apple' }],
      ['get_instrument', { symbol: 'BTC' }],
      ['get_price_history', { symbol: 'BTC' }],
      ['get_derivatives', { symbol: 'BTC' }],
      ['get_moves', {}],
      ['explain_move', { symbol: 'BTC' }],
      ['get_news', {}],
      ['get_story', { id: cause }],
      ['get_company', { company: 'apple' }],
      ['get_project', { company: 'tesla', project: 'robotaxi' }],
      ['get_person', { slug: 'ana-ribeiro' }],
      ['get_sector', { slug: 'technology' }],
      ['get_fundamentals', { company: 'apple' }],
      ['get_financials', { company: 'apple' }],
      ['get_filings', { company: 'apple' }],
      ['get_insider_trades', {}],
      ['get_calendar', {}],
      ['get_macro_dashboard', {}],
      ['get_prediction_markets', {}],
      ['get_glossary_term', { slug: 'z-score' }],
      ...(series ? [['get_macro_series', { slug: series }] as [string, Json]] : []),
    ];
    const sizes: Record<string, number> = {};
    for (const [name, args] of DEFAULTS) {
      t.same(
        Object.keys(args).sort(),
        [...(byName.get(name)!.inputSchema.required ?? [])].sort(),
        `${name}: its required arguments and no other`,
      );
      const out = await call(name, args);
      sizes[name] = tokens(JSON.stringify(out));
      if (sizes[name]! > 10_000) t.fail(`${name}: ${sizes[name]} tokens`);
    }
    t.pass(`default answers, tokens: ${JSON.stringify(sizes)}`);
    // Cut to fit, each says how to get the rest; an optional argument asks for more and gets it.
    const moves = await call('get_moves', {});
    t.match(moves.notice, /call again with offset=\d+/, 'the default moves say where the next page starts');
    const asked = await call('get_moves', { limit: moves.page.limit });
    t.ok(
      asked.data.length > moves.data.length,
      `asked for by limit: ${asked.data.length} moves, ${moves.data.length} by default`,
    );
    const candles = await call('get_price_history', { symbol: 'BTC' });
    t.match(candles.notice, /merged by \d+/, 'two years of days merged, saying so');
  },
);

t.test('no answer over 25,000 tokens, even the largest: cut or merged, saying how to get the rest', async (t) => {
  const sizes: Record<string, number> = {};
  const measure = async (label: string, name: string, args: Json) => {
    const out = await call(name, args);
    sizes[label] = tokens(JSON.stringify(out));
    return out;
  };
  const derivatives = await measure('derivatives perVenue since 2000', 'get_derivatives', {
    symbol: 'BTC',
    from: '2000-01-01',
    perVenue: true,
  });
  t.match(derivatives.notice, /perVenue hourly series \(the latest hours kept\): \d+ of \d+ shown/);
  const hours = derivatives.data.perVenue.map((v: Json) => v.hourly.length);
  t.ok(Math.max(...hours) - Math.min(...hours) <= 1, `the latest hours of every venue alike: ${hours}`);
  // Both reads end at a closed minute: the live feed still moves the current one between them.
  const latest = await http('/v1/instruments/BTC/candles?interval=1m&limit=3');
  const to = latest.data.candles[0].ts;
  const candles = await measure('1m candles, 20,000 asked', 'get_price_history', {
    symbol: 'BTC',
    interval: '1m',
    from: '2000-01-01',
    to,
    limit: 20000,
  });
  t.ok(
    candles.data.count <= 400 && candles.data.candles.length === candles.data.count,
    `${candles.data.count} candles`,
  );
  t.match(candles.notice, /candles merged by \d+ into \d+/);
  const full = await http(
    `/v1/instruments/BTC/candles?interval=1m&from=2000-01-01&to=${encodeURIComponent(to)}&limit=20000`,
  );
  const highest = Math.max(...full.data.candles.map((c: Json) => c.high));
  t.equal(Math.max(...candles.data.candles.map((c: Json) => c.high)), highest, 'merging keeps the highest high');
  t.equal(candles.data.candles.at(-1).close, full.data.candles.at(-1).close, 'and the last close');
  const moveList = await measure('200 moves with candidates', 'get_moves', { limit: 200 });
  if (moveList.notice) {
    const next = moveList.page.nextOffset;
    t.equal(next, moveList.data.length, 'the page says where the rest starts');
    const rest = await call('get_moves', { limit: 200, offset: next });
    t.equal(
      rest.data[0].id,
      (await http(`/v1/moves?limit=1&offset=${next}`)).data[0].id,
      'and the next call starts there',
    );
  }
  await measure('100 stories', 'get_news', { limit: 100 });
  await measure('200 catalysts of the whole history', 'get_calendar', { from: '2000-01-01', limit: 200 });
  await measure('market snapshot', 'get_market_snapshot', {});
  await measure('largest brief', 'get_brief', { type: 'company', key: 'apple', maxTokens: 16000 });
  await measure('sector', 'get_sector', { slug: 'technology' });
  await measure('explain BTC', 'explain_move', { symbol: 'BTC' });
  for (const company of ['apple', 'tesla', 'nvidia', 'microsoft', 'amazon'])
    await measure(`company ${company}`, 'get_company', { company });
  await measure('financials, 40 quarters and 20 years', 'get_financials', {
    company: 'apple',
    quarters: 40,
    years: 20,
  });
  await measure('500 insider trades', 'get_insider_trades', { limit: 500 });
  await measure('200 filings', 'get_filings', { company: 'apple', limit: 200 });
  if (series) await measure('macro series, every point asked', 'get_macro_series', { slug: series, maxPoints: 100000 });
  t.ok(
    Object.values(sizes).every((n) => n < TOKEN_LIMIT),
    JSON.stringify(sizes),
  );
});

t.test('every tool with bad arguments: a tool error with its code and message, never a protocol failure', async (t) => {
  const BAD: [string, Json, string][] = [
    ['get_brief', { type: 'planet', key: 'mars' }, 'validation_failed'],
    ['get_brief', { type: 'project', key: 'robotaxi' }, 'bad_request'],
    ['get_brief', { type: 'macro', key: 'no-such-series' }, 'not_found'],
    ['get_market_snapshot', { extra: 1 }, 'validation_failed'],
    ['get_coverage', { when: 'now' }, 'validation_failed'],
    ['search', {}, 'validation_failed'],
    ['get_instrument', { symbol: 'NOPE' }, 'not_found'],
    ['get_price_history', { symbol: 'BTC', interval: '5m' }, 'validation_failed'],
    ['get_price_history', { symbol: 'BTC', from: '2026-02-30' }, 'validation_failed'],
    ['get_derivatives', { symbol: 'BTC', perVenue: 'maybe' }, 'validation_failed'],
    ['get_moves', { limit: 1000 }, 'validation_failed'],
    ['explain_move', { date: '2020-01-01' }, 'validation_failed'],
    ['explain_move', { symbol: 'NOPE' }, 'not_found'],
    ['get_news', { entity: 'planet:mars' }, 'bad_request'],
    ['get_news', { q: 'x\u0000' }, 'validation_failed'],
    ['get_story', { id: 'abc' }, 'validation_failed'],
    ['get_story', { id: 99999999 }, 'not_found'],
    ['get_company', { company: 'no-such-company' }, 'not_found'],
    ['get_project', { company: 'tesla' }, 'validation_failed'],
    ['get_person', { slug: 'nobody' }, 'not_found'],
    ['get_sector', { slug: 'x'.repeat(121) }, 'validation_failed'],
    ['get_calendar', { from: '2021-01-01', to: '2020-01-01' }, 'bad_request'],
    ['get_fundamentals', { company: 'no-such-company' }, 'not_found'],
    ['get_financials', { company: 'apple', metrics: 'happiness' }, 'validation_failed'],
    ['get_filings', {}, 'validation_failed'],
    ['get_insider_trades', { limit: 501 }, 'validation_failed'],
    ['get_macro_series', { slug: 'no-such-series' }, 'not_found'],
    ['get_macro_dashboard', { all: true }, 'validation_failed'],
    ['get_prediction_markets', { limit: 0 }, 'validation_failed'],
    ['get_glossary_term', { slug: 'no-such-term' }, 'not_found'],
  ];
  t.same([...new Set(BAD.map(([name]) => name))].sort(), tools.map((tool) => tool.name).sort(), 'every tool is tried');
  for (const [name, args, code] of BAD) {
    const error = await toolError(name, args);
    t.equal(error.code, code, `${name} ${JSON.stringify(args)}: ${error.message}`);
  }
  const numbers = await toolError('get_moves', { limit: 0, offset: -1 });
  t.match(numbers.message, /limit, offset/, 'every bad argument named');
});

t.test('an unknown tool is a protocol error (the spec says so), answered, not a transport failure', async (t) => {
  await t.rejects(client.callTool({ name: 'get_weather', arguments: {} }), McpError);
  t.ok(await call('get_coverage', {}), 'the connection goes on');
});
