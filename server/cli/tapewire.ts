// The `tapewire` command (bin/tapewire.mjs): one subcommand per task, each loaded only when it runs, each with its
// usage on --help.
import { forTerminal } from '../../core/terminal.js';

interface Command {
  usage: string;
  /** The exit code, or null when the command ends the process itself (the server). */
  run(argv: string[]): Promise<number | null>;
}

const COMMANDS: Record<string, { summary: string; load: () => Promise<Command> }> = {
  start: {
    summary: 'run the server, configured by the environment (docs/configuration.md)',
    load: () => import('./start.js'),
  },
  keys: { summary: 'create, list, revoke and rotate API keys', load: () => import('./keys.js') },
  import: {
    summary: "write recorded files in a source's own format, or history files, into the database",
    load: () => import('./import.js'),
  },
  backup: {
    summary: 'write a snapshot of the embedded database to a file, the server running or not',
    load: () => import('./backup.js'),
  },
  restore: { summary: 'restore a backup into an empty DATA_DIR', load: () => import('./restore.js') },
  cluster: {
    summary: 'run a scale-out on this machine: Redis, the database, ingest leader and standby, N api nodes on one port',
    load: () => import('./cluster.js'),
  },
  database: {
    summary: "serve DATA_DIR's embedded database to a cluster's nodes (tapewire cluster starts it)",
    load: () => import('./database.js'),
  },
};

const USAGE = `usage: tapewire <command> [arguments]   (tapewire <command> --help tells a command's own)
${Object.entries(COMMANDS)
  .map(([name, c]) => `  ${name.padEnd(9)}${c.summary}`)
  .join('\n')}
Every command reads the server's environment (DATA_DIR, DATABASE_URL): run it with the same values.`;

const isHelp = (arg: string | undefined) => arg === '--help' || arg === '-h';

async function main([name, ...rest]: string[]): Promise<number | null> {
  if (name === 'help' || isHelp(name)) {
    const asked =
      name === 'help' && rest[0] !== undefined && Object.hasOwn(COMMANDS, rest[0]) ? COMMANDS[rest[0]] : null;
    process.stdout.write(`${asked ? (await asked.load()).usage : USAGE}\n`);
    return 0;
  }
  if (name === undefined || !Object.hasOwn(COMMANDS, name)) {
    console.error(`${name === undefined ? 'no command given' : `unknown command ${forTerminal(name)}`}\n${USAGE}`);
    return 2;
  }
  const command = await COMMANDS[name]!.load();
  if (rest.some(isHelp)) {
    process.stdout.write(`${command.usage}\n`);
    return 0;
  }
  try {
    return await command.run(rest);
  } catch (err) {
    console.error(`${name}: ${forTerminal((err as Error).message)}`);
    return 1;
  }
}

main(process.argv.slice(2)).then((code) => {
  if (code !== null) process.exit(code);
});
