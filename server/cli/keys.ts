// `npm run keys -- create|list|revoke`: asks the running server over its control socket, or opens the database itself.
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { callControl, type ControlRequest } from '../control.js';
import { controlSocketPath } from '../datadir.js';
import { KeyStore, runKeyOperation, type KeyInfo } from '../services/keys.js';
import { withDatabase } from './direct.js';

const USAGE = `usage:
  npm run keys -- create --name <name> [--account <account>] [--rpm <requests per minute>] [--create]
  npm run keys -- list [--json]
  npm run keys -- revoke <prefix-or-id>
Without a running server the command opens DATA_DIR's database itself; --create makes one when there is none.`;

class UsageError extends Error {}

function request(argv: string[]): { req: ControlRequest; json: boolean; create: boolean } {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { name: { type: 'string' }, account: { type: 'string' }, rpm: { type: 'string' }, json: { type: 'boolean' }, create: { type: 'boolean' } },
  });
  const [command, ...rest] = positionals;
  const json = values.json ?? false;
  const create = values.create ?? false;
  switch (command) {
    case 'create': {
      if (!values.name) throw new UsageError('create needs --name <name>');
      if (values.rpm !== undefined && !/^[1-9]\d{0,8}$/.test(values.rpm)) throw new UsageError('--rpm must be an integer from 1 to 100000000');
      const rpm = values.rpm === undefined ? null : Number(values.rpm);
      return { req: { op: 'keys.create', args: { name: values.name, account: values.account, rpm } }, json, create };
    }
    case 'list':
      return { req: { op: 'keys.list' }, json, create };
    case 'revoke':
      if (rest.length !== 1) throw new UsageError('revoke needs one <prefix-or-id>');
      return { req: { op: 'keys.revoke', args: { ref: rest[0] } }, json, create };
    default:
      throw new UsageError(command ? `unknown command ${command}` : 'no command given');
  }
}

function table(keys: KeyInfo[]): string {
  const rows = [['ID', 'PREFIX', 'NAME', 'ACCOUNT', 'RPM', 'CREATED', 'STATUS']];
  for (const k of keys) {
    rows.push([String(k.id), `${k.prefix}…`, k.name, k.account, k.rpm === null ? 'default' : String(k.rpm), k.createdAt, k.revoked ? 'revoked' : 'active']);
  }
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  return rows.map((r) => r.map((cell, i) => cell.padEnd(widths[i]!)).join('  ').trimEnd()).join('\n');
}

async function main(): Promise<number> {
  let parsed;
  try {
    parsed = request(process.argv.slice(2));
  } catch (err) {
    console.error(`${(err as Error).message}\n${USAGE}`);
    return 2;
  }
  const { req, json, create } = parsed;
  const config = loadConfig();
  const reply = await callControl(controlSocketPath(config.dataDir), req);
  if (reply && !reply.ok) throw new Error(reply.error);
  const result = reply ? reply.result : await withDatabase(config, create, (db) => runKeyOperation(new KeyStore(db), req.op, req.args));

  if (req.op === 'keys.create') {
    const { key, info } = result as { key: string; info: KeyInfo };
    process.stdout.write(`${key}\n`);
    console.error(`created key ${info.id} (${info.prefix}…) name=${info.name} account=${info.account} rpm=${info.rpm ?? 'default'}; it is shown once: store it now`);
  } else if (req.op === 'keys.revoke') {
    const info = result as KeyInfo;
    process.stdout.write(`revoked key ${info.id} (${info.prefix}…) ${info.name}\n`);
  } else {
    const keys = result as KeyInfo[];
    process.stdout.write(json ? `${JSON.stringify(keys, null, 2)}\n` : `${table(keys)}\n`);
  }
  return 0;
}

main().then(
  (code) => process.exit(code),
  (err: Error) => {
    console.error(`keys: ${err.message}`);
    process.exit(1);
  },
);
