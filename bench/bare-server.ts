// The baseline for bench/endpoint.ts: a bare uWS process answering one URL with fixed bytes, nothing else per request.
import { readFileSync } from 'node:fs';
import { uWS, uwsIsNative, type us_listen_socket } from '../server/http/uws.js';

const url = process.env.BARE_URL ?? '/v1/meta';
const contentType = process.env.BARE_CONTENT_TYPE ?? 'application/json; charset=utf-8';
const body = readFileSync(process.env.BARE_BODY_FILE ?? '/dev/null');

const app = uWS.App();
app.get(url, (res) => {
  res.writeHeader('Content-Type', contentType).end(body);
});
app.any('/*', (res) => {
  res.writeStatus('404 Not Found').end();
});

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
    console.error('bare-server: cannot listen');
    process.exit(1);
  }
  socket = s;
  process.stdout.write(JSON.stringify({ port: uWS.us_socket_local_port(s), native: uwsIsNative }) + '\n');
});
