// Configuration: defaults, anonymous-access rules, and every invalid value reported together.
// The same on any day: configuration and start-up, which read no date.

import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import t from 'tap';
import { ROOT } from '../../harness/server.js';
import { ConfigError, loadConfig } from '../../server/config.js';

t.test('defaults', (t) => {
  const c = loadConfig({});
  t.equal(c.port, 8080);
  t.equal(c.host, '127.0.0.1');
  t.ok(c.dataDir.endsWith('/data'));
  t.equal(c.databaseUrl, null);
  t.equal(c.anon, true, 'anonymous on for a development run on the embedded database');
  t.ok(c.workers >= 1);
  t.equal(c.moveFloors.crypto, 10);
  t.equal(c.listingMinuteBarsDays, 1, 'a day of venue minutes in memory');
  t.end();
});

t.test('anonymous access is off in production and with an external database', (t) => {
  t.equal(loadConfig({ NODE_ENV: 'production' }).anon, false);
  t.equal(loadConfig({ DATABASE_URL: 'postgres://u@h/db' }).anon, false);
  t.equal(loadConfig({ DATABASE_URL: 'postgres://u@h/db', TAPEWIRE_ANON: '1' }).anon, true);
  t.throws(() => loadConfig({ NODE_ENV: 'production', TAPEWIRE_ANON: '1' }), {
    name: 'ConfigError',
    message: /refused/,
  });
  t.end();
});

t.test('NODE_ENV means production whatever its case, spaces or short form', (t) => {
  for (const nodeEnv of ['production', 'Production', 'PRODUCTION', 'production ', ' production', 'prod', 'Prod\t']) {
    t.equal(loadConfig({ NODE_ENV: nodeEnv }).anon, false, `${JSON.stringify(nodeEnv)}: anonymous off`);
    t.throws(() => loadConfig({ NODE_ENV: nodeEnv, TAPEWIRE_ANON: '1' }), {
      name: 'ConfigError',
      message: /refused when NODE_ENV is production/,
    });
  }
  for (const nodeEnv of ['development', 'staging', 'test', ''])
    t.equal(loadConfig({ NODE_ENV: nodeEnv }).anon, true, `${JSON.stringify(nodeEnv)} on loopback: anonymous on`);
  t.end();
});

t.test('anonymous access by default only on loopback; explicitly elsewhere only when forced', (t) => {
  for (const host of ['127.0.0.1', '127.0.0.2', 'localhost', '::1', '[::1]'])
    t.equal(loadConfig({ HOST: host }).anon, true, `${host}: on`);
  for (const host of ['0.0.0.0', '::', '10.1.2.3', 'example.com']) {
    const c = loadConfig({ HOST: host });
    t.equal(c.anon, false, `${host}: off by default`);
    t.match(c.anonWhy, /not a loopback address/);
    t.throws(() => loadConfig({ HOST: host, TAPEWIRE_ANON: '1' }), {
      name: 'ConfigError',
      message: /not a loopback address.*TAPEWIRE_ANON_PUBLIC=1/s,
    });
    t.equal(
      loadConfig({ HOST: host, TAPEWIRE_ANON: '1', TAPEWIRE_ANON_PUBLIC: '1' }).anon,
      true,
      `${host}: on when forced`,
    );
  }
  t.throws(
    () => loadConfig({ HOST: '0.0.0.0', TAPEWIRE_ANON: '1', TAPEWIRE_ANON_PUBLIC: '1', NODE_ENV: 'production' }),
    { message: /refused/ },
    'never in production',
  );
  t.equal(loadConfig({ HOST: '0.0.0.0', TAPEWIRE_ANON: '0' }).anon, false);
  t.end();
});

t.test('invalid values are all reported', (t) => {
  try {
    loadConfig({
      PORT: '99999',
      LOG_LEVEL: 'loud',
      TAPEWIRE_ANON: 'maybe',
      DATABASE_URL: 'mysql://x',
      MOVE_FLOORS: 'crypto=abc,bogus=3',
      WORKERS: '0',
      LISTING_MINUTE_BARS_MEMORY_DAYS: '0',
    });
    t.fail('should throw');
  } catch (err) {
    t.type(err, ConfigError);
    const problems = (err as ConfigError).problems.join('\n');
    for (const name of [
      'PORT',
      'LOG_LEVEL',
      'TAPEWIRE_ANON',
      'DATABASE_URL',
      'MOVE_FLOORS',
      'WORKERS',
      'LISTING_MINUTE_BARS_MEMORY_DAYS',
    ])
      t.match(problems, name);
    t.equal((err as ConfigError).problems.length, 8, 'both bad MOVE_FLOORS entries are named');
  }
  t.end();
});

t.test('TAPEWIRE_ROLE: all by default; another value, or a role alone without a broker, is refused saying why', (t) => {
  t.equal(loadConfig({}).role, 'all', 'both roles in one process by default');
  t.equal(loadConfig({ TAPEWIRE_ROLE: '' }).role, 'all', 'empty is unset');
  t.equal(loadConfig({ TAPEWIRE_ROLE: 'all' }).role, 'all');
  t.throws(() => loadConfig({ TAPEWIRE_ROLE: 'worker' }), {
    name: 'ConfigError',
    message: 'Invalid configuration:\n  - TAPEWIRE_ROLE="worker": expected one of all, ingest, api',
  });
  t.throws(
    () => loadConfig({ TAPEWIRE_ROLE: 'API' }),
    { message: /TAPEWIRE_ROLE="API": expected one of/ },
    'in its case',
  );
  for (const role of ['ingest', 'api'] as const) {
    t.throws(
      () => loadConfig({ TAPEWIRE_ROLE: role }),
      {
        name: 'ConfigError',
        message: new RegExp(`TAPEWIRE_ROLE=${role} needs REDIS_URL, the broker between the ingest and api processes`),
      },
      `${role} without REDIS_URL: refused`,
    );
    t.equal(loadConfig({ TAPEWIRE_ROLE: role, REDIS_URL: 'redis://127.0.0.1:6379' }).role, role, `${role} with it`);
  }
  try {
    loadConfig({ TAPEWIRE_ROLE: 'api', PORT: 'eighty' });
    t.fail('should throw');
  } catch (err) {
    t.same((err as ConfigError).problems.length, 2, 'reported with the other problems');
  }
  t.end();
});

t.test('TAPEWIRE_NODE: the host and pid by default; a short name of letters, digits and . _ : -', (t) => {
  t.match(loadConfig({}).node, new RegExp(`-${process.pid}$`), 'the host name and the pid');
  t.equal(loadConfig({ TAPEWIRE_NODE: 'api-1' }).node, 'api-1');
  for (const bad of ['api 1', 'a/b', 'x'.repeat(65)])
    t.throws(() => loadConfig({ TAPEWIRE_NODE: bad }), { message: /TAPEWIRE_NODE: expected at most 64 letters/ }, bad);
  t.end();
});

t.test('REDIS_URL: unset by default; a redis:// or rediss:// URL, checked without echoing it', (t) => {
  t.equal(loadConfig({}).redisUrl, null, 'no broker by default');
  t.equal(loadConfig({ REDIS_URL: '' }).redisUrl, null, 'empty is unset');
  for (const url of [
    'redis://127.0.0.1:6379',
    'redis://cache.internal',
    'rediss://default:s3cret@cache.example.com:6380/2',
    'redis://[::1]:6379/0',
  ])
    t.equal(loadConfig({ REDIS_URL: url }).redisUrl, url, url);
  const refused: [string, RegExp][] = [
    ['127.0.0.1:6379', /expected a redis:\/\/ or rediss:\/\/ URL/],
    ['http://h:p4ss@cache:6379', /expected a redis:\/\/ or rediss:\/\/ URL \(rediss: TLS\), not http:\/\//],
    ['redis:///0', /names no host/],
    ['redis://cache:0', /port 0/],
    ['redis://cache:99999', /expected a redis:\/\/ or rediss:\/\/ URL/],
    ['redis://cache/tapewire', /the path is a database index \(\/0, \/1, \.\.\.\), not "\/tapewire"/],
    ['redis://cache?family=6', /no query or fragment/],
  ];
  for (const [url, message] of refused)
    try {
      loadConfig({ REDIS_URL: url });
      t.fail(`${url} should be refused`);
    } catch (err) {
      const problems = (err as ConfigError).problems;
      t.equal(problems.length, 1, url);
      t.match(problems[0], message, url);
      t.match(problems[0], /^REDIS_URL: /, 'named');
      t.notMatch(problems[0], /p4ss/, 'and its password never printed');
    }
  t.end();
});

t.test('move floors can be overridden per kind', (t) => {
  const c = loadConfig({ MOVE_FLOORS: 'crypto=12, fx=1.5' });
  t.equal(c.moveFloors.crypto, 12);
  t.equal(c.moveFloors.fx, 1.5);
  t.equal(c.moveFloors.stock, 8);
  t.end();
});

t.test('MCP_ALLOWED_ORIGINS: origins as a browser sends them, in any case; anything else is reported', (t) => {
  t.same(loadConfig({}).mcpAllowedOrigins, []);
  t.same(
    loadConfig({ MCP_ALLOWED_ORIGINS: 'https://App.Example.com, http://10.0.0.5:3000,http://[::1]:5173' })
      .mcpAllowedOrigins,
    ['https://app.example.com', 'http://10.0.0.5:3000', 'http://[::1]:5173'],
  );
  try {
    loadConfig({ MCP_ALLOWED_ORIGINS: 'https://app.example.com/path,app.example.com,*' });
    t.fail('should throw');
  } catch (err) {
    t.equal((err as ConfigError).problems.length, 3, (err as ConfigError).problems.join('; '));
  }
  t.end();
});

t.test(
  'macro and odds feeds: FRED keeps the dashboard series with a key; the market feeds their listed markets',
  (t) => {
    const c = loadConfig({});
    t.same(c.fred, {
      apiKey: null,
      series: [
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
      everyMs: 3_600_000,
      url: 'https://api.stlouisfed.org/fred',
    });
    t.same(c.polymarket, {
      markets: [],
      everyMs: 300_000,
      gammaUrl: 'https://gamma-api.polymarket.com',
      clobUrl: 'https://clob.polymarket.com',
    });
    t.same(c.kalshi, { markets: [], everyMs: 300_000, url: 'https://api.elections.kalshi.com/trade-api/v2' });
    const set = loadConfig({
      FRED_API_KEY: 'k',
      FRED_SERIES: ' cpiaucsl , t10y2y,',
      KALSHI_MARKETS: 'KXFED-26MAR',
      KALSHI_API_URL: 'http://127.0.0.1:9/api/',
    });
    t.same(
      [set.fred.apiKey, set.fred.series, set.kalshi.markets, set.kalshi.url],
      ['k', ['CPIAUCSL', 'T10Y2Y'], ['KXFED-26MAR'], 'http://127.0.0.1:9/api'],
    );
    t.same(loadConfig({ FRED_SERIES: '' }).fred.series, [], 'none');
    try {
      loadConfig({
        FRED_SERIES: 'CPIAUCSL,not a series',
        POLYMARKET_MARKETS: 'ok,/etc/passwd',
        FRED_API_URL: 'ftp://x',
        FRED_EVERY_S: '5',
      });
      t.fail('should throw');
    } catch (err) {
      const problems = (err as ConfigError).problems;
      t.same(problems, [
        'FRED_SERIES: "not a series" is not a FRED series id',
        'FRED_EVERY_S="5": expected an integer from 60 to 86400',
        'FRED_API_URL="ftp://x": expected an http:// or https:// address',
        'POLYMARKET_MARKETS: "/etc/passwd" is not a market slug or ticker',
      ]);
    }
    t.end();
  },
);

t.test('TAPEWIRE_SOURCES: the file is read and checked at start, each bad entry named; it replaces the demo', (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'tapewire-sources-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const live = join(ROOT, 'tapewire.sources.live-crypto.json');
  const c = loadConfig({ TAPEWIRE_SOURCES: live });
  t.equal(c.sources?.file.instruments[0]?.symbol, 'BTC');
  t.equal(c.demo, false, 'no demo beside a sources file unless asked for');
  t.equal(loadConfig({ TAPEWIRE_SOURCES: live, TAPEWIRE_DEMO: '1' }).demo, true);
  t.equal(loadConfig({}).sources, null);

  const bad = JSON.parse(readFileSync(live, 'utf8'));
  bad.instruments[0].listings[0].venue = 'mtgox';
  bad.endpoints = { binance: { future: { wsUrl: 'ws://127.0.0.1:1', restUrl: 'http://127.0.0.1:1' } } };
  writeFileSync(join(dir, 'bad.json'), JSON.stringify(bad));
  const err = t.throws(() => loadConfig({ TAPEWIRE_SOURCES: join(dir, 'bad.json'), PORT: 'x' })) as ConfigError;
  t.match(err.problems, [
    /instruments\[0\] \(BTC\) › listings\[0\] \(mtgox spot\): unknown venue mtgox/,
    /endpoints › binance › future: Binance has no future market here/,
    /^PORT/,
  ]);
  t.match((t.throws(() => loadConfig({ TAPEWIRE_SOURCES: join(dir, 'none.json') })) as ConfigError).problems, [
    /TAPEWIRE_SOURCES=".*none.json": cannot read it \(ENOENT\)/,
  ]);
  t.end();
});

t.test(
  "the sources file's news and calendars: one way to configure them, NEWS_FEEDS a shortcut beside the file",
  (t) => {
    const live = join(ROOT, 'tapewire.sources.live-crypto.json');
    const c = loadConfig({
      TAPEWIRE_SOURCES: live,
      NEWS_FEEDS: 'Other|https://other.example/rss,https://www.coindesk.com/arc/outboundfeeds/rss/',
    });
    t.same(
      c.news.feeds.map((f) => [f.name, f.everyMs]),
      [
        ['CoinDesk', 300_000],
        ['Cointelegraph', 300_000],
        ['Decrypt', 300_000],
        ['Other', null],
      ],
      "the file's feeds with their periods, then the variable's others",
    );
    t.same(
      loadConfig({ NEWS_FEEDS: 'https://other.example/rss' }).news.feeds,
      [{ name: null, url: 'https://other.example/rss', everyMs: null }],
      'without a file, the variable alone',
    );
    t.match(c.calendars, [
      { id: 'fed', everyMs: 21_600_000, credential: null, key: null },
      { id: 'fred-cpi', everyMs: 86_400_000, credential: 'FRED_API_KEY', key: null },
    ]);
    t.equal(loadConfig({ TAPEWIRE_SOURCES: live, FRED_API_KEY: 'f'.repeat(32) }).calendars[1]!.key, 'f'.repeat(32));
    t.same(loadConfig({}).calendars, []);
    t.end();
  },
);

t.test('TAPEWIRE_CLOCK: read in development and tests, refused in production or when it cannot be read', (t) => {
  t.doesNotThrow(() => loadConfig({ NODE_ENV: 'test', TAPEWIRE_CLOCK: '+30d' }));
  t.throws(() => loadConfig({ NODE_ENV: 'production', TAPEWIRE_CLOCK: '+30d' }), {
    name: 'ConfigError',
    message: /TAPEWIRE_CLOCK is refused when NODE_ENV is production/,
  });
  t.throws(() => loadConfig({ TAPEWIRE_CLOCK: 'next week' }), {
    name: 'ConfigError',
    message: /expected a signed duration/,
  });
  t.end();
});
