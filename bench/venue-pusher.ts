// A venue's WebSocket for bench:ingest, in its own process so that it does not share the measured event loop: a
// subscribe is answered with the session's acknowledgements, then its frames are streamed at the rate asked on stdin
// (`rate <messages per second>`, `rate max` for as fast as the socket drains, `rate 0` to pause). Every round of
// frames moves the listings' sequence numbers on, as a live venue's do, so that no frame is dropped as a repeat.
// Prints {"port"} once listening, and {"sent"} after each `count` line on stdin.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createInterface } from 'node:readline';
import type WebSocket from 'ws';
import { WebSocketServer } from 'ws';

interface Session {
  /** What a subscribe is answered with. */
  acks: string[];
  /** Data frames, streamed round after round. */
  frames: string[];
}

const session = JSON.parse(readFileSync(process.env.PUSH_SESSION_FILE!, 'utf8')) as Session;
/** Sequence numbers a frame carries (Binance's last trade id, Bybit's cross sequence), as the test replays move them. */
const SEQUENCE = /("(?:L|cs)":)(\d+)/g;
/** Each frame split around its sequence numbers: text, number, text, number, ..., text. */
const templates = session.frames.map((line) => line.split(SEQUENCE));
/** A socket that has not taken this much is left to drain before more is sent. */
const HIGH_WATER_BYTES = 1 << 20;
const PACE_MS = 5;

function frame(i: number): string {
  const parts = templates[i % templates.length]!;
  if (parts.length === 1) return parts[0]!;
  const shift = Math.floor(i / templates.length) * 1000;
  let out = parts[0]!;
  for (let k = 1; k < parts.length; k += 3) out += parts[k]! + String(Number(parts[k + 1]) + shift) + parts[k + 2]!;
  return out;
}

const subscribed = new Set<WebSocket>();
let sent = 0;
let rate = 0;
let since = performance.now();
let sentSince = 0;

function sendOne(): void {
  const text = frame(sent++);
  for (const socket of subscribed) socket.send(text);
}

const drained = () => [...subscribed].every((s) => s.bufferedAmount < HIGH_WATER_BYTES);

function pump(): void {
  if (rate === Infinity) {
    let k = 0;
    for (; k < 256 && subscribed.size && drained(); k++) sendOne();
    // Waiting on a full socket is a short sleep, not a spin: the measured process needs the other core.
    if (k) setImmediate(pump);
    else setTimeout(pump, 1);
    return;
  }
  if (rate > 0 && subscribed.size) {
    const due = Math.floor((rate * (performance.now() - since)) / 1000) - sentSince;
    for (let k = 0; k < due && drained(); k++, sentSince++) sendOne();
  }
  setTimeout(pump, PACE_MS);
}

const http = createServer((_req, res) => {
  res.writeHead(404, { 'content-type': 'application/json' });
  res.end('{"code":-1121,"msg":"not replayed by the benchmark"}');
});
const wss = new WebSocketServer({ server: http });
wss.on('connection', (socket) => {
  socket.on('message', (data) => {
    if (!/subscribe/i.test(data.toString())) return;
    for (const ack of session.acks) socket.send(ack);
    subscribed.add(socket);
  });
  socket.on('close', () => subscribed.delete(socket));
});

createInterface({ input: process.stdin }).on('line', (line) => {
  const [command, value] = line.trim().split(/\s+/);
  if (command === 'rate') {
    rate = value === 'max' ? Infinity : Number(value);
    since = performance.now();
    sentSince = 0;
  } else if (command === 'count') process.stdout.write(`${JSON.stringify({ sent })}\n`);
});
process.stdin.on('end', () => process.exit(0));

http.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${JSON.stringify({ port: (http.address() as { port: number }).port })}\n`);
  pump();
});
