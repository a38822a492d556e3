// `tapewire start`: the server in this process (server/main.ts), configured by the environment alone.
import { endWithCluster } from './end-with-cluster.js';

export const usage = `usage:
  tapewire start
Runs the server, configured by environment variables (docs/configuration.md): HOST and PORT (default
127.0.0.1:8080), DATA_DIR (the embedded database's directory, default ./data) or DATABASE_URL (a TimescaleDB server),
TAPEWIRE_DEMO, TAPEWIRE_SOURCES and the rest. It stops on SIGTERM or SIGINT within 5 seconds.`;

/** Resolves null once the server is up: it ends the process itself, when stopped or when its start fails. */
export async function run(argv: string[]): Promise<number | null> {
  if (argv.length) {
    console.error(`start takes no arguments\n${usage}`);
    return 2;
  }
  await import('../main.js');
  endWithCluster(Number(process.env.TAPEWIRE_CLUSTER_PID));
  return null;
}
