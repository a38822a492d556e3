// What backup and restore both take: one file (resolved against the working directory) and the embedded database's
// configuration; a server database is refused with the way its operator backs it up.
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { forTerminal } from '../../core/terminal.js';
import { SERVER_BACKUP_ADVICE } from '../backup.js';
import { type Config, loadConfig } from '../config.js';

/** The file and the configuration, or null once a usage error is printed with `usage`. */
export function backupArgs(argv: string[], usage: string, missing: string): { file: string; config: Config } | null {
  let file: string;
  try {
    const { positionals } = parseArgs({ args: argv, allowPositionals: true, options: {} });
    if (positionals.length !== 1) throw new Error(missing);
    file = resolve(positionals[0]!);
  } catch (err) {
    console.error(`${forTerminal((err as Error).message)}\n${usage}`);
    return null;
  }
  const config = loadConfig();
  if (config.databaseUrl) throw new Error(SERVER_BACKUP_ADVICE);
  return { file, config };
}
