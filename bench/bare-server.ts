// The baseline for bench/endpoint.ts: a bare uWS process answering one URL with fixed bytes, nothing else per request.
import { readFileSync } from 'node:fs';
import { uWS } from '../server/http/uws.js';
import { listenBare } from './bare-listen.js';

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

listenBare(app, 'bare-server');
