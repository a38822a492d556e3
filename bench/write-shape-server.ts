// The server of bench/write-shape.ts: one candle answer of `BENCH_CANDLES` (20,000) 1m candles as the candle service
// builds it (slices of 256-candle blocks, each candle with its comma), sent four ways: as one buffer (bare uWS), through
// `Exchange.send` (the server's path), each chunk as it is, and gathered into 256 KiB copies before each write.

import { BarRing } from '../core/series.js';
import { Exchange } from '../server/http/exchange.js';
import { type HttpResponse, uWS } from '../server/http/uws.js';
import { listenBare } from './bare-listen.js';

const N = Number(process.env.BENCH_CANDLES ?? 20_000);
const ring = new BarRing(1, N);
for (let i = 0; i < N; i++) {
  const p = 60_000 + 40 * Math.sin(i / 50);
  ring.push(0, Date.UTC(2026, 10, 1) + i * 60_000, p, p + 12.5, p - 11.25, p + 3.75, 1_234_567.891 + i, 6);
}
const head = Buffer.from(`{"data":{"instrument":{"symbol":"BTC"},"interval":"1m","count":${N},"candles":[`);
const chunks = [head, ...ring.json(0, 0, N), Buffer.from(']}}')];
const whole = Buffer.concat(chunks);
const TYPE = 'application/json; charset=utf-8';
const gather = Buffer.allocUnsafeSlow(256 * 1024);

/** The body from byte `at` of chunk `k` on: the chunk as it is. */
const asIs = (k: number, at: number): Uint8Array => chunks[k]!.subarray(at);

/** The body from byte `at` of chunk `k` on, copied with the chunks after it into one 256 KiB buffer. */
function gathered(k: number, at: number): Uint8Array {
  const first = chunks[k]!.subarray(at);
  if (first.byteLength >= gather.byteLength || k + 1 === chunks.length) return first;
  gather.set(first, 0);
  let n = first.byteLength;
  for (let j = k + 1; j < chunks.length && n < gather.byteLength; j++) {
    const take = Math.min(chunks[j]!.byteLength, gather.byteLength - n);
    gather.set(chunks[j]!.subarray(0, take), n);
    n += take;
  }
  return gather.subarray(0, n);
}

/** tryEnd on each piece in turn, as the socket takes them, carrying on where uWS says it stopped. */
function pumped(res: HttpResponse, piece: (k: number, at: number) => Uint8Array): void {
  res.onAborted(() => undefined);
  const start = res.getWriteOffset();
  let k = 0;
  let before = 0;
  const pump = (offset: number): boolean => {
    for (let written = offset - start; ; ) {
      while (written >= before + chunks[k]!.byteLength) before += chunks[k++]!.byteLength;
      const [ok, done] = res.tryEnd(piece(k, written - before), whole.byteLength);
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
app.get('/exchange', (res, req) => new Exchange(res, req, 0).send('200 OK', TYPE, chunks));
app.get('/as-is', (res) => pumped(res, asIs));
app.get('/gathered', (res) => pumped(res, gathered));
process.stderr.write(`write-shape: ${whole.byteLength} bytes in ${chunks.length} chunks\n`);
listenBare(app, 'write-shape-server');
