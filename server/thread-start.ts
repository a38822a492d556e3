// How the server's threads start, run from the sources or from dist/ (bin/build.mjs). Node 20 threads inherit neither
// tsx's loader hooks nor process.setSourceMapsEnabled (bin/tapewire.mjs turns source maps on at run time): run from
// the sources, a thread starts at a .mjs shim that registers tsx; built, at its compiled module in dist/ (a thread
// loads few modules, and is not bundled), with source maps asked for on its command line so that its stack traces
// name .ts lines as the main thread's do.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { FROM_SOURCES, ROOT } from './root.js';

/** The file a thread starts from: the `shim` (a path in the repository) from the sources, else `compiled`'s build. */
export function threadFile(shim: string, compiled: string): URL {
  return pathToFileURL(FROM_SOURCES ? join(ROOT, shim) : join(ROOT, 'dist', compiled));
}

/**
 * The thread's Node options: this process's, inherited (undefined), or, when source maps are on here and the process
 * was given no options of its own, `--enable-source-maps`. Given options are parsed again, and Node refuses V8's among
 * them (`node --max-old-space-size=4096 bin/tapewire.mjs start`, the tests' --liftoff-only): inherited, they hold as
 * they do for the whole process, and the threads' stack traces name the compiled lines.
 */
export function threadExecArgv(): string[] | undefined {
  return process.sourceMapsEnabled && process.execArgv.length === 0 ? ['--enable-source-maps'] : undefined;
}
