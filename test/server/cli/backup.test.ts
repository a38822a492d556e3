// `tapewire backup` and `restore` over the real thing: a backup taken while the server serves (and keys are created
// meanwhile), restored into a new DATA_DIR and served with the same /v1/meta counts and keys; a backup without a server;
// the refusals (a DATA_DIR not empty, files that are not backups, DATABASE_URL); and the command's --help.

import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import t from 'tap';
import { TAR_END, tarHeader } from '../../../core/tar.js';
import { blankDataDir, ROOT, runCli, type ServerHandle, startServer, tempDataDir } from '../../../harness/server.js';

const work = tempDataDir();
t.teardown(() => rmSync(work, { recursive: true, force: true }));
const ENV = { TAPEWIRE_ANON: '0' };
const cli = (dataDir: string, command: string, ...args: string[]) => runCli(command, args, { DATA_DIR: dataDir });

async function stats(server: ServerHandle, key: string): Promise<Record<string, number>> {
  const res = await server.get('/v1/meta', { key });
  if (res.status !== 200) throw new Error(`/v1/meta: ${res.status}`);
  return ((await res.json()) as { data: { stats: Record<string, number> } }).data.stats;
}

async function keyNames(dataDir: string): Promise<string[]> {
  const listed = await cli(dataDir, 'keys', 'list', '--json');
  if (listed.code !== 0) throw new Error(`keys list: ${listed.stderr}`);
  return (JSON.parse(listed.stdout) as { name: string }[]).map((k) => k.name);
}

t.test(
  'a backup taken while the server serves and writes, restored into a new DATA_DIR, serves the same',
  async (t) => {
    // A copy of the run's blank database: what is backed up is what this test writes, not a first start's.
    const dataDir = await blankDataDir(join(work, 'served'));
    const server = await startServer({ dataDir, env: ENV });
    t.teardown(() => server.stop());
    const made = await cli(dataDir, 'keys', 'create', '--name', 'before');
    t.equal(made.code, 0, 'a key created');
    const key = made.stdout.trim();
    const imported = await cli(dataDir, 'import', 'profiles', join(ROOT, 'test/fixtures/profiles/coverage.json'));
    t.equal(imported.code, 0, imported.stderr);
    const before = await stats(server, key);
    t.ok(before.companies! > 0, `${before.companies} companies imported`);

    // Keys created, and the API read, while the backup runs: it waits for none of them and none of them for it.
    const file = join(work, 'served.tar.gz');
    const backup = cli(dataDir, 'backup', file);
    let running = true;
    void backup.finally(() => (running = false));
    const during: string[] = [];
    for (let i = 0; running && i < 100; i++) {
      const res = await server.get('/v1/meta', { key });
      t.equal(res.status, 200, 'served while the backup runs');
      await res.arrayBuffer();
      if ((await cli(dataDir, 'keys', 'create', '--name', `during-${i}`)).code === 0) during.push(`during-${i}`);
    }
    const { code, stdout, stderr } = await backup;
    t.equal(code, 0, stderr);
    t.match(
      stdout,
      new RegExp(
        `^backup written: ${file}: [\\d.]+ MB \\(\\d+ files, [\\d.]+ MB uncompressed\\) in [\\d.]+ s; queries waited [\\d.]+ s\\n$`,
      ),
    );
    t.equal(statSync(file).mode & 0o777, 0o600, 'owner-only: it holds the keys’ hashes');
    t.same(
      readdirSync(work).filter((n) => n.startsWith('.')),
      [],
      'no temporary file left beside it',
    );
    t.notOk(existsSync(join(dataDir, 'backup-staging')), 'nor the snapshot in DATA_DIR');
    t.match(await server.waitForLog((l) => l.msg === 'backup written'), { file, bytes: statSync(file).size });
    t.ok(during.length > 0, `${during.length} keys created while it ran`);

    const restoredDir = join(work, 'restored');
    const restored = await cli(restoredDir, 'restore', file);
    t.equal(restored.code, 0, restored.stderr);
    t.match(restored.stdout, /^restored .* \([\d.]+ MB, \d+ files\) into DATA_DIR .*restored in [\d.]+ s/);
    t.same(readdirSync(restoredDir).sort(), ['lock-token', 'pg'], 'the database alone, moved into place');

    const copy = await startServer({ dataDir: restoredDir, env: ENV });
    t.teardown(() => copy.stop());
    t.same(await stats(copy, key), before, 'the same /v1/meta counts');
    const names = await keyNames(restoredDir);
    t.equal(names[0], 'before', 'the key made before it, which works');
    const rest = names.slice(1);
    t.same(rest, during.slice(0, rest.length), 'and the keys made during it up to a point, each whole');
  },
);

t.test('without a server the command opens DATA_DIR itself', async (t) => {
  const file = join(work, 'offline.tar.gz');
  const { code, stdout, stderr } = await cli(join(work, 'served'), 'backup', file);
  t.equal(code, 0, stderr);
  t.match(stdout, /^backup written: /);
  const restoredDir = join(work, 'offline');
  t.equal((await cli(restoredDir, 'restore', file)).code, 0);
  t.same(await keyNames(restoredDir), await keyNames(join(work, 'served')), 'every key there');

  const none = await cli(join(work, 'nothing'), 'backup', join(work, 'nothing.tar.gz'));
  t.equal(none.code, 1);
  t.match(none.stderr, /holds no database/);
  const nowhere = await cli(join(work, 'served'), 'backup', join(work, 'no-such-dir', 'b.tar.gz'));
  t.equal(nowhere.code, 1, 'a directory that is not there is an error');
  t.notOk(existsSync(join(work, 'served', 'backup-staging')));
});

t.test('refusals leave DATA_DIR as it was', async (t) => {
  const file = join(work, 'served.tar.gz');
  const full = await cli(join(work, 'restored'), 'restore', file);
  t.equal(full.code, 1);
  t.match(
    full.stderr,
    /DATA_DIR .* is not empty \(it holds .*pg.*\): a backup is restored into an empty or new DATA_DIR only/,
  );

  const refused = async (name: string, bytes: Buffer, why: RegExp) => {
    writeFileSync(join(work, name), bytes);
    const target = join(work, `into-${name}`);
    const run = await cli(target, 'restore', join(work, name));
    t.equal(run.code, 1, name);
    t.match(run.stderr, new RegExp(`is not a Tapewire backup: ${why.source}`), name);
    t.notOk(existsSync(target), `${name}: no DATA_DIR left behind`);
  };
  await refused('garbage.tar.gz', Buffer.from('not a backup at all\n'), /it is not a gzip file/);
  await refused('cut.tar.gz', readFileSync(file).subarray(0, 200_000), /it is damaged: unexpected end of file/);
  await refused('text.gz', gzipSync('just some text, compressed\n'.repeat(40)), /it is not a tarball/);
  const other = Buffer.concat([
    tarHeader({ name: 'notes.txt', type: 'file', size: 3, mode: 0o644, mtimeS: 0 }),
    Buffer.from('hi\n'),
    Buffer.alloc(509),
    TAR_END,
  ]);
  await refused('other.tar.gz', gzipSync(other), /it holds "notes.txt", which is not a database file/);
  const empty = Buffer.concat([tarHeader({ name: 'pg/', type: 'dir', size: 0, mode: 0o700, mtimeS: 0 }), TAR_END]);
  await refused('empty.tar.gz', gzipSync(empty), /it holds no database/);

  const existing = join(work, 'existing-empty');
  mkdirSync(existing);
  t.equal((await cli(existing, 'restore', join(work, 'garbage.tar.gz'))).code, 1);
  t.same(readdirSync(existing), ['lock-token'], 'an empty DATA_DIR given stays, holding its lock token alone');
  const missing = await cli(join(work, 'x'), 'restore', join(work, 'no-such.tar.gz'));
  t.equal(missing.code, 1);
  t.match(missing.stderr, /no such file/);
});

t.test('with DATABASE_URL, backup and restore point at pg_dump and TimescaleDB’s guidance', async (t) => {
  for (const command of ['backup', 'restore']) {
    const run = await runCli(command, [join(work, 'served.tar.gz')], {
      DATA_DIR: join(work, 'unused'),
      DATABASE_URL: 'postgres://tapewire@127.0.0.1:1/tapewire',
    });
    t.equal(run.code, 1, command);
    t.match(
      run.stderr,
      /DATABASE_URL is set: .*pg_dump .*timescaledb_pre_restore\(\) and timescaledb_post_restore\(\).*docs\/operations\.md#backups/,
      command,
    );
  }
  t.notOk(existsSync(join(work, 'unused')));
});

t.test('tapewire --help, each command’s, and an unknown command, through the bin itself', async (t) => {
  const bin = async (...args: string[]) =>
    promisify(execFile)(process.execPath, ['bin/tapewire.mjs', ...args], { cwd: ROOT }).then(
      ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
      (err: { code: number; stdout: string; stderr: string }) => err,
    );
  const top = await bin('--help');
  t.equal(top.code, 0);
  for (const command of ['start', 'keys', 'import', 'backup', 'restore'])
    t.match(top.stdout, new RegExp(`\\n  ${command} +\\S`), command);
  t.same(await bin('help'), top);
  const usage: Record<string, RegExp> = {
    start: /tapewire start\n/,
    keys: /tapewire keys create --name <name>/,
    import: /tapewire import <source> <file-or-dir>.../,
    backup: /tapewire backup <file>\n/,
    restore: /tapewire restore <file>\n/,
  };
  for (const [command, shown] of Object.entries(usage)) {
    const help = await bin(command, '--help');
    t.equal(help.code, 0, command);
    t.match(help.stdout, shown, command);
  }
  const unknown = await bin('frobnicate');
  t.equal(unknown.code, 2);
  t.equal(unknown.stdout, '');
  t.match(unknown.stderr, /^unknown command frobnicate\nusage: tapewire <command>/);
  t.equal((await bin()).code, 2, 'no command is a usage error too');
  const bad = await bin('backup');
  t.equal(bad.code, 2);
  t.match(bad.stderr, /name one file to write\nusage:\n {2}tapewire backup <file>/);
});
