// How a bare baseline server of the benchmarks runs: on a free loopback port printed as one JSON line on stdout,
// until it is signalled or its parent goes away.
import { type TemplatedApp, type us_listen_socket, uWS, uwsIsNative } from '../server/http/uws.js';

export function listenBare(app: TemplatedApp, name: string): void {
  let socket: us_listen_socket | null = null;
  const stop = () => {
    if (socket) uWS.us_listen_socket_close(socket);
    socket = null;
    // Keep-alive connections from the load generator would otherwise hold the loop open.
    process.exit(0);
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  // The parent holds our stdin: when it dies without cleaning up, so do we.
  process.stdin.on('end', stop).on('error', stop).resume();

  app.listen('127.0.0.1', 0, (s) => {
    if (!s) {
      console.error(`${name}: cannot listen`);
      process.exit(1);
    }
    socket = s;
    process.stdout.write(`${JSON.stringify({ port: uWS.us_socket_local_port(s), native: uwsIsNative })}\n`);
  });
}
