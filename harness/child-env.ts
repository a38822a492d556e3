// How a test starts a Node process of the server's (a server, a `tapewire` command): without what tap adds for its own
// use. Under tap's runner (a file run by hand with `npx tap`; the suite has its own, test/run.ts), NODE_OPTIONS
// preloads @tapjs/processinfo into every Node process a test file starts, to map coverage the suite does not measure
// (.taprc): it hooks every module every thread of a server loads (a restart to /ready took 8.7 s of CPU with it, 6.1 s
// without; a `tapewire keys list` 6.4 s and 4.6 s), and a deployment runs without it. Tap puts it back into the
// environment of every spawn, whatever the environment given, so the process is started through env(1), which takes it
// out.
const PROCESSINFO = /@tapjs[\\/]processinfo/;

/**
 * V8's flags for the compiled server's processes a run of the suite starts (its runner sets TAP=1, as tap's does; a
 * benchmark's run without them): WebAssembly on Liftoff alone. TurboFan recompiling PGlite's hot functions was 40% of
 * the CPU of a test server's start on a blank database (2.5 s of 6.2) and 3 s of 11 on a copy of the demo, for
 * processes that live seconds; what a test then asks of the database ran no slower
 * (bench/results/2026-12-07-suite-speed.md).
 */
export const TEST_V8_FLAGS = process.env.TAP === '1' ? ['--liftoff-only'] : [];

/** The command and arguments that run `node <args>` in `env` without tap's processinfo preload. */
export function nodeCommand(args: string[], env: NodeJS.ProcessEnv): { command: string; args: string[] } {
  const options = (env.NODE_OPTIONS ?? '').split(/\s+/).filter(Boolean);
  const kept = options.filter((o) => !PROCESSINFO.test(o.replace(/^"|"$/g, '')));
  if (kept.length === options.length) return { command: process.execPath, args };
  return {
    command: 'env',
    args: ['-u', 'NODE_OPTIONS', ...(kept.length ? [`NODE_OPTIONS=${kept.join(' ')}`] : []), process.execPath, ...args],
  };
}
