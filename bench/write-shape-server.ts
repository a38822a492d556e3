// The server of bench/write-shape.ts: one candle answer of 20,000 1m candles in 256-candle blocks, sent three ways:
// as one buffer (bare uWS), through `Exchange.send` (the server's path: small chunks gathered into large writes), and
// one write per chunk (the path before, kept here to compare).
import { Exchange } from '../server/http/exchange.js';
import { uWS, type HttpResponse } from '../server/http/uws.js';
import { BarRing } from '../core/series.js';
import { listenBare } from './bare-listen.js';

const N = 20_000;
const ring = new BarRing(1, N);
for (let i = 0; i < N; i++) {
  const p = 60_000 + 40 * Math.sin(i / 50);
  ring.push(0, Date.UTC(2026, 10, 1) + i * 60_000, p, p + 12.5, p - 11.25, p + 3.75, 1_234_567.891 + i, 6);
}
const head = Buffer.from(`{"data":{"instrument":{"symbol":"BTC"},"interval":"1m","count":${N},"candles":[`);
const chunks = [head, ...ring.json(0, 0, N), Buffer.from(']}}')];
const whole = Buffer.concat(chunks);
const TYPE = 'application/json; charset=utf-8';

/** The write loop before: tryEnd on each chunk in turn, as the socket takes them. */
function perChunk(res: HttpResponse): void {
  res.onAborted(() => undefined);
  const start = res.getWriteOffset();
  let k = 0;
  let before = 0;
  const pump = (offset: number): boolean => {
    for (let written = offset - start; ; ) {
      while (written >= before + chunks[k]!.byteLength) before += chunks[k++]!.byteLength;
      const [ok, done] = res.tryEnd(chunks[k]!.subarray(written - before), whole.byteLength);
      if (done) return true;
      if (!ok) return false;
      written = res.getWriteOffset() - start;
    }
  };
  res.cork(() => {
    res.writeHeader('Content-Type', TYPE);
    if (!pump(start)) res.onWritable(pump);
  });
}

const app = uWS.App();
app.get('/bare', (res) => {
  res.cork(() => res.writeHeader('Content-Type', TYPE).end(whole));
});
app.get('/gathered', (res, req) => new Exchange(res, req, 0).send('200 OK', TYPE, chunks));
app.get('/per-chunk', (res) => perChunk(res));
process.stderr.write(`write-shape: ${whole.byteLength} bytes in ${chunks.length} chunks\n`);
listenBare(app, 'write-shape-server');
