// The ceiling for the stream benches: a bare uWS process that, every BARE_TICK_MS, builds one quote message per symbol
// once and writes the same bytes to every open SSE response, corked, and publishes each as one WebSocket frame to the
// sockets on /v1/ws through uWS's pub/sub, as Tapewire does. No auth, no replay, no backpressure handling.
import { wsMessage } from '../core/stream/ws.js';
import { type HttpResponse, uWS } from '../server/http/uws.js';
import { listenBare } from './bare-listen.js';

const symbols = Number(process.env.BARE_SYMBOLS ?? 30);
const tickMs = Number(process.env.BARE_TICK_MS ?? 1000);
const subscribers = new Set<HttpResponse>();
let id = Date.now() * 1000;

const app = uWS.App();
app.get('/v1/stream', (res) => {
  res.onAborted(() => subscribers.delete(res));
  res.writeHeader('Content-Type', 'text/event-stream').writeHeader('Cache-Control', 'no-cache');
  res.write('retry: 3000\n\n');
  subscribers.add(res);
});
app.ws('/v1/ws', { open: (ws) => void ws.subscribe('quotes') });

setInterval(() => {
  const priceTs = new Date().toISOString();
  let frames = '';
  const socketFrames: string[] = [];
  for (let s = 0; s < symbols; s++) {
    const json = JSON.stringify({
      symbol: `SYM${s}`,
      price: 100 + s,
      changePct: 0.5,
      priceTs,
      priceLabel: `SYM${s} · 24/7 (venues)`,
      venuesInPool: 5,
    });
    frames += `id: ${++id}\nevent: quote\ndata: ${json}\n\n`;
    socketFrames.push(wsMessage('quote', id, json));
  }
  const bytes = Buffer.from(frames);
  for (const res of subscribers) res.cork(() => res.write(bytes));
  for (const frame of socketFrames) app.publish('quotes', frame);
}, tickMs);

listenBare(app, 'bare-stream');
