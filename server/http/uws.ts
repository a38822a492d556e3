// Loads the uWebSockets.js binary chosen for this Node and system (server/http/uws-builds.ts) and tells whether it
// loaded. Each package's own entry is bypassed: one swaps in a slow JavaScript shim without failing, the other names
// Node versions the project does not support. When none loads, the shim stands in and server/main.ts refuses to
// start unless TAPEWIRE_ALLOW_UWS_FALLBACK=1.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type * as UWS from '@trufflesuite/uws-js-unofficial';
import { chooseUwsBuild, type Runtime, refusal, type UwsBuild } from './uws-builds.js';

const require = createRequire(import.meta.url);

// The types are the Node 20 build's: the code keeps to what both builds share (getQuery() may be undefined in v20.57).
export type {
  HttpRequest,
  HttpResponse,
  TemplatedApp,
  us_listen_socket,
  us_socket_context_t,
  WebSocket,
  WebSocketBehavior,
} from '@trufflesuite/uws-js-unofficial';

function runtime(): Runtime {
  // Without this the report lists every network interface, which costs more than the rest of it.
  const report = process.report as NodeJS.ProcessReport & { excludeNetwork: boolean };
  report.excludeNetwork = true;
  const { header } = report.getReport() as { header: { glibcVersionRuntime?: string } };
  return {
    platform: process.platform,
    arch: process.arch,
    abi: process.versions.modules,
    node: process.version,
    glibc: header.glibcVersionRuntime ?? null,
  };
}

/** The binary's path, found from the package's entry file: one package's exports hide its package.json. */
function binaryPath(build: UwsBuild, file: string): string {
  return join(dirname(require.resolve(build.pkg)), build.binaries, file);
}

function load(): { uWS: typeof UWS; build: UwsBuild | null; message: string } {
  const rt = runtime();
  // The trufflesuite package's own switch to its shim, kept so the refusal can be seen on any machine.
  const forced = ['1', 'true'].includes((process.env.UWS_USE_FALLBACK ?? '').toLowerCase());
  const choice = chooseUwsBuild(rt);
  let message: string;
  if (forced) message = refusal(rt, ['  - UWS_USE_FALLBACK is set: the JavaScript shim was asked for']);
  else if ('refusal' in choice) message = choice.refusal;
  else {
    try {
      return { uWS: require(binaryPath(choice.build, choice.file)) as typeof UWS, build: choice.build, message: '' };
    } catch (err) {
      message = refusal(rt, [
        `  - ${choice.build.pkg} (${choice.build.upstream}): ${(err as Error).message.split('\n')[0]}`,
      ]);
    }
  }
  return { uWS: require('@trufflesuite/uws-js-unofficial/dist/index') as typeof UWS, build: null, message };
}

const loaded = load();
export const uWS = loaded.uWS;
/** The build whose native addon loaded; null when the JavaScript shim stands in. */
export const uwsBuild = loaded.build;
export const uwsIsNative = loaded.build !== null;
export const UWS_FALLBACK_MESSAGE = `${loaded.message}\nOr set TAPEWIRE_ALLOW_UWS_FALLBACK=1 to start on a JavaScript stand-in, many times slower.`;
