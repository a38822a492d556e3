// Loads uWebSockets.js and tells whether the native binary loaded: the package silently swaps in a slow JS shim.
import { createRequire } from 'node:module';
import type * as UWS from '@trufflesuite/uws-js-unofficial';

const require = createRequire(import.meta.url);
export const uWS = require('@trufflesuite/uws-js-unofficial') as typeof UWS;
export type { HttpRequest, HttpResponse, TemplatedApp, us_listen_socket } from '@trufflesuite/uws-js-unofficial';

/** True when the module in use is the native addon (it sits in the require cache as a .node file). */
export const uwsIsNative: boolean = Object.keys(require.cache).some(
  (path) => path.includes('uws-js-unofficial') && path.endsWith('.node'),
);

export const UWS_FALLBACK_MESSAGE =
  'The native uWebSockets.js binary did not load for this Node.js build ' +
  `(node ${process.version}, ${process.platform}-${process.arch}, ABI ${process.versions.modules}); ` +
  'the package fell back to its JavaScript shim, which is many times slower. Run Node.js 20 on linux-x64, ' +
  'or set TAPEWIRE_ALLOW_UWS_FALLBACK=1 to start anyway.';
