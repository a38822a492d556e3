// Configuration: defaults, anonymous-access rules, and every invalid value reported together.
import t from 'tap';
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
  t.throws(() => loadConfig({ NODE_ENV: 'production', TAPEWIRE_ANON: '1' }), { name: 'ConfigError', message: /refused/ });
  t.end();
});

t.test('NODE_ENV means production whatever its case, spaces or short form', (t) => {
  for (const nodeEnv of ['production', 'Production', 'PRODUCTION', 'production ', ' production', 'prod', 'Prod\t']) {
    t.equal(loadConfig({ NODE_ENV: nodeEnv }).anon, false, `${JSON.stringify(nodeEnv)}: anonymous off`);
    t.throws(() => loadConfig({ NODE_ENV: nodeEnv, TAPEWIRE_ANON: '1' }), { name: 'ConfigError', message: /refused when NODE_ENV is production/ });
  }
  for (const nodeEnv of ['development', 'staging', 'test', '']) t.equal(loadConfig({ NODE_ENV: nodeEnv }).anon, true, `${JSON.stringify(nodeEnv)} on loopback: anonymous on`);
  t.end();
});

t.test('anonymous access by default only on loopback; explicitly elsewhere only when forced', (t) => {
  for (const host of ['127.0.0.1', '127.0.0.2', 'localhost', '::1', '[::1]']) t.equal(loadConfig({ HOST: host }).anon, true, `${host}: on`);
  for (const host of ['0.0.0.0', '::', '10.1.2.3', 'example.com']) {
    const c = loadConfig({ HOST: host });
    t.equal(c.anon, false, `${host}: off by default`);
    t.match(c.anonWhy, /not a loopback address/);
    t.throws(() => loadConfig({ HOST: host, TAPEWIRE_ANON: '1' }), { name: 'ConfigError', message: /not a loopback address.*TAPEWIRE_ANON_PUBLIC=1/s });
    t.equal(loadConfig({ HOST: host, TAPEWIRE_ANON: '1', TAPEWIRE_ANON_PUBLIC: '1' }).anon, true, `${host}: on when forced`);
  }
  t.throws(() => loadConfig({ HOST: '0.0.0.0', TAPEWIRE_ANON: '1', TAPEWIRE_ANON_PUBLIC: '1', NODE_ENV: 'production' }), { message: /refused/ }, 'never in production');
  t.equal(loadConfig({ HOST: '0.0.0.0', TAPEWIRE_ANON: '0' }).anon, false);
  t.end();
});

t.test('invalid values are all reported', (t) => {
  try {
    loadConfig({ PORT: '99999', LOG_LEVEL: 'loud', TAPEWIRE_ANON: 'maybe', DATABASE_URL: 'mysql://x', MOVE_FLOORS: 'crypto=abc,bogus=3', WORKERS: '0', LISTING_MINUTE_BARS_MEMORY_DAYS: '0' });
    t.fail('should throw');
  } catch (err) {
    t.type(err, ConfigError);
    const problems = (err as ConfigError).problems.join('\n');
    for (const name of ['PORT', 'LOG_LEVEL', 'TAPEWIRE_ANON', 'DATABASE_URL', 'MOVE_FLOORS', 'WORKERS', 'LISTING_MINUTE_BARS_MEMORY_DAYS']) t.match(problems, name);
    t.equal((err as ConfigError).problems.length, 8, 'both bad MOVE_FLOORS entries are named');
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
  t.same(loadConfig({ MCP_ALLOWED_ORIGINS: 'https://App.Example.com, http://10.0.0.5:3000,http://[::1]:5173' }).mcpAllowedOrigins, [
    'https://app.example.com',
    'http://10.0.0.5:3000',
    'http://[::1]:5173',
  ]);
  try {
    loadConfig({ MCP_ALLOWED_ORIGINS: 'https://app.example.com/path,app.example.com,*' });
    t.fail('should throw');
  } catch (err) {
    t.equal((err as ConfigError).problems.length, 3, (err as ConfigError).problems.join('; '));
  }
  t.end();
});
