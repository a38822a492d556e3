// The keys CLI with the server running (control socket) and stopped (direct; a DATA_DIR without a database only with --create), and keys surviving a restart.

import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { blankDataDir, runCli, startServer, tempDataDir } from '../../../harness/server.js';

const dataDir = await blankDataDir();
t.teardown(() => rmSync(dataDir, { recursive: true, force: true }));
const cli = (...args: string[]) => runCli('keys', args, { DATA_DIR: dataDir });

t.test('with the server running, through its owner-only control socket', async (t) => {
  const server = await startServer({ dataDir, env: { TAPEWIRE_ANON: '0' } });
  t.teardown(() => server.stop());
  t.equal(statSync(join(dataDir, 'run', 'control.sock')).mode & 0o777, 0o600);
  t.equal(statSync(dataDir).mode & 0o777, 0o700);

  const created = await cli('create', '--name', 'alice', '--rpm', '50', '--account', 'acme');
  t.equal(created.code, 0);
  t.match(created.stdout, /^live_[0-9A-Za-z]{40}\n$/, 'the key alone on stdout');
  t.match(created.stderr, /created key 1/);
  const key = created.stdout.trim();

  const ok = await server.get('/v1/meta', { key });
  t.equal(ok.status, 200, 'the new key works at once');
  t.equal(ok.headers.get('x-ratelimit-limit'), '50', 'with its own rate');

  const list = await cli('list', '--json');
  const keys = JSON.parse(list.stdout) as {
    id: number;
    prefix: string;
    name: string;
    account: string;
    rpm: number;
    revoked: boolean;
  }[];
  t.match(keys, [{ id: 1, name: 'alice', account: 'acme', rpm: 50, revoked: false }]);
  t.notMatch(list.stdout, key, 'the key itself is never listed');
  t.notMatch(list.stdout, /hash/);

  const bad = await cli('revoke', 'live_nomatch');
  t.equal(bad.code, 1);
  t.match(bad.stderr, /no key matches/);

  const revoked = await cli('revoke', key.slice(0, 10));
  t.equal(revoked.code, 0);
  t.match(revoked.stdout, /revoked key 1/);
  t.equal((await server.get('/v1/meta', { key })).status, 401, 'revocation takes effect at once');
  t.match((await cli('revoke', '1')).stderr, /already revoked/);
});

t.test('scopes, expiry, rotation, printable names, and one audit line for each change', async (t) => {
  const server = await startServer({ dataDir, env: { TAPEWIRE_ANON: '0', KEY_RELOAD_S: '1' } });
  t.teardown(() => server.stop());
  const make = async (...args: string[]) => {
    const made = await cli('create', ...args);
    t.equal(made.code, 0, made.stderr);
    return made.stdout.trim();
  };
  const plain = await make('--name', 'plain');
  const scraper = await make('--name', 'scraper', '--scope', 'metrics');
  const both = await make('--name', 'both', '--scope', 'read,metrics');
  t.equal((await server.get('/metrics', { key: plain })).status, 403, 'a plain key no longer reads /metrics');
  t.match(await (await server.get('/metrics', { key: plain })).json(), {
    error: { code: 'forbidden', message: /metrics scope/ },
  });
  t.equal((await server.get('/metrics', { key: scraper })).status, 200);
  t.equal((await server.get('/v1/meta', { key: scraper })).status, 403, 'nor does a metrics key read the API');
  t.equal((await server.get('/metrics', { key: both })).status, 200);
  t.equal((await server.get('/v1/meta', { key: both })).status, 200);
  t.match(await server.waitForLog((l) => l.msg === 'key created' && l.name === 'scraper'), {
    scopes: ['metrics'],
    by: 'cli',
  });
  t.notOk(
    server.logs.some((l) => JSON.stringify(l).includes(plain.slice(5))),
    'no log line holds a key',
  );

  // The expiring key's 2 s and the rotated key's grace of 2 s run out together, while the CLI calls between run.
  const brief = await make('--name', 'brief', '--expires', '2s');
  const expiresAt = performance.now() + 2000;
  t.equal((await server.get('/v1/meta', { key: brief })).status, 200, 'an expiring key works until then');

  const rotated = await cli('rotate', 'plain', '--grace', '2s');
  t.equal(rotated.code, 1, 'a name is not a reference');
  const id = (JSON.parse((await cli('list', '--json')).stdout) as { id: number; name: string }[]).find(
    (k) => k.name === 'plain',
  )!.id;
  const rotation = await cli('rotate', String(id), '--grace', '2s');
  const graceEndsAt = performance.now() + 2000;
  t.equal(rotation.code, 0, rotation.stderr);
  const successor = rotation.stdout.trim();
  t.match(rotation.stderr, /rotated to key \d+ .*name=plain .*; it replaces key \d+ .*working until/);
  t.equal((await server.get('/v1/meta', { key: successor })).status, 200, 'the new key works at once');
  t.equal((await server.get('/v1/meta', { key: plain })).status, 200, 'the old one for its grace period');
  t.match(await server.waitForLog((l) => l.msg === 'key rotated'), { keyId: id, name: 'plain', by: 'cli' });

  await new Promise((r) => setTimeout(r, Math.max(expiresAt, graceEndsAt) + 500 - performance.now()));
  t.equal((await server.get('/v1/meta', { key: brief })).status, 401, 'the expiring key not after');
  t.match(await server.waitForLog((l) => l.msg === 'key expired', 5000), { name: 'brief', by: 'expiry' });
  t.match((await cli('list')).stdout, /brief .* expired/);
  t.equal((await server.get('/v1/meta', { key: plain })).status, 401, 'the rotated one no more after its grace');
  const direct = await cli('rotate', String(id));
  t.match(direct.stderr, /already revoked|expired/, 'an expired key is not rotated again');

  const escaped = await cli('create', '--name', 'x\x1b]0;pwned\x07');
  t.equal(escaped.code, 1);
  t.match(escaped.stderr, /printable/);
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the escape character is what must not be printed.
  t.notMatch(escaped.stderr, /\x1b/, 'the refusal does not echo the escape either');
  t.equal((await cli('create', '--name', 'y', '--scope', 'admin')).code, 2, 'an unknown scope is a usage error');
  t.equal((await cli('create', '--name', 'y', '--expires', 'soon')).code, 2);
});

t.test('with the server stopped, the CLI opens the database itself', async (t) => {
  const created = await cli('create', '--name', 'bob');
  t.equal(created.code, 0, created.stderr);
  const key = created.stdout.trim();
  t.match(key, /^live_/);
  const list = await cli('list');
  t.match(list.stdout, /alice .*revoked/);
  t.match(list.stdout, /bob .*default .*active/);

  const server = await startServer({ dataDir, env: { TAPEWIRE_ANON: '0' } });
  t.teardown(() => server.stop());
  t.equal((await server.get('/v1/meta', { key })).status, 200, 'a key made offline works after the restart');
  const alice = JSON.parse((await cli('list', '--json')).stdout)[0];
  t.equal(alice.revoked, true, 'revocation survived the restart');
});

t.test('with no server, a DATA_DIR without a database is refused unless --create makes one', async (t) => {
  const empty = tempDataDir();
  t.teardown(() => rmSync(empty, { recursive: true, force: true }));
  const run = (...args: string[]) => runCli('keys', args, { DATA_DIR: empty });

  const refused = await run('list');
  t.equal(refused.code, 1);
  t.equal(refused.stdout, '');
  t.match(refused.stderr, `keys: no server owns DATA_DIR ${empty} and it holds no database`);
  t.match(refused.stderr, '--create');
  t.notOk(existsSync(join(empty, 'pg')), 'no database made in what may be the wrong directory');
  t.same(readdirSync(empty), []);

  const created = await run('create', '--name', 'x', '--create');
  t.equal(created.code, 0, created.stderr);
  t.match(created.stdout, /^live_[0-9A-Za-z]{40}\n$/);
  t.ok(existsSync(join(empty, 'pg', 'PG_VERSION')));
  const list = await run('list', '--json');
  t.equal(list.code, 0, list.stderr);
  t.match(JSON.parse(list.stdout), [{ id: 1, name: 'x', revoked: false }], 'the database made holds the key');
});

t.test('usage errors', async (t) => {
  const none = await cli();
  t.equal(none.code, 2);
  t.match(none.stderr, /usage:/);
  t.equal((await cli('create')).code, 2);
  t.equal((await cli('create', '--name', 'x', '--rpm', 'lots')).code, 2);
  t.equal((await cli('frobnicate')).code, 2);
});
