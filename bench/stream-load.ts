// Load process of the stream benches: holds STREAM_COUNT SSE connections (or WebSockets, STREAM_WS=1), counts the quotes
// they receive and, on a sample of them, how long each quote took from its tick (priceTs) to here. Driven over
// stdin/stdout in JSON lines.
import { connect, type Socket } from 'node:net';
import { createInterface } from 'node:readline';

const port = Number(process.env.STREAM_PORT);
const path = process.env.STREAM_PATH ?? '/v1/stream?topics=quotes';
const count = Number(process.env.STREAM_COUNT ?? 1000);
const key = process.env.STREAM_KEY ?? '';
const websocket = process.env.STREAM_WS === '1';
/** Every SAMPLE_EVERY-th connection parses its quotes for their delay; the others only count them. */
const SAMPLE_EVERY = 50;
const BATCH = 200;

// A server's WebSocket frames are not masked: their JSON is in the bytes as it is, and counted like SSE's lines.
const MARK = Buffer.from(websocket ? '"type":"quote"' : 'event: quote');
const PRICE_TS = '"priceTs":"';
const UPGRADE =
  'Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n';
const request = `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n${websocket ? UPGRADE : ''}${key ? `Authorization: Bearer ${key}\r\n` : ''}\r\n`;

let open = 0;
let closed = 0;
/** Why sockets failed, by when and code: a count each. */
const errors: Record<string, number> = {};
let messages = 0;
let bytes = 0;
let measuring = false;
const delays: number[] = [];
const sockets: Socket[] = [];
const now = () => performance.timeOrigin + performance.now();

/** One receive buffer for every connection (libuv reads into it): no allocation per chunk on the counting path. */
const shared = Buffer.alloc(256 * 1024);

/** Marks in `chunk`, and one split across the end of the previous chunk (`tail` holds its last bytes). */
function countMarks(chunk: Buffer, tail: Buffer, tailLength: number): number {
  let n = 0;
  for (let i = chunk.indexOf(MARK); i !== -1; i = chunk.indexOf(MARK, i + MARK.length)) n++;
  if (tailLength) {
    const edge = Buffer.concat([tail.subarray(0, tailLength), chunk.subarray(0, MARK.length - 1)]);
    if (edge.indexOf(MARK) !== -1) n++;
  }
  return n;
}

function subscribe(sampled: boolean): Promise<void> {
  return new Promise((resolve) => {
    const tail = Buffer.alloc(MARK.length - 1);
    let tailLength = 0;
    let text = '';
    let settled = false;
    const settle = () => {
      if (settled) return;
      settled = true;
      resolve();
    };
    const onChunk = (nread: number, buffer: Uint8Array): boolean => {
      if (!measuring) return true;
      const arrived = now();
      const chunk = Buffer.from(buffer.buffer, buffer.byteOffset, nread);
      bytes += nread;
      messages += countMarks(chunk, tail, tailLength);
      tailLength = Math.min(nread, tail.length);
      chunk.copy(tail, 0, nread - tailLength, nread);
      if (!sampled) return true;
      text += chunk.toString('utf8');
      let at = text.indexOf(PRICE_TS);
      let last = 0;
      while (at !== -1 && at + PRICE_TS.length + 24 <= text.length) {
        const ts = Date.parse(text.slice(at + PRICE_TS.length, at + PRICE_TS.length + 24));
        if (Number.isFinite(ts)) delays.push(arrived - ts);
        last = at + PRICE_TS.length + 24;
        at = text.indexOf(PRICE_TS, last);
      }
      text = text.slice(last);
      return true;
    };
    const socket = connect({ port, host: '127.0.0.1', onread: { buffer: shared, callback: onChunk } });
    let connected = false;
    socket.once('connect', () => {
      connected = true;
      open++;
      socket.write(request);
      settle();
    });
    socket.on('error', (err: NodeJS.ErrnoException) => {
      const what = `${connected ? 'after' : 'before'} connecting: ${err.code ?? err.message}`;
      errors[what] = (errors[what] ?? 0) + 1;
      settle();
    });
    socket.on('close', () => {
      if (connected) open--;
      closed++;
      settle();
    });
    sockets.push(socket);
  });
}

const say = (message: object) => process.stdout.write(`${JSON.stringify(message)}\n`);

createInterface({ input: process.stdin }).on('line', (line) => {
  const [command, arg] = line.split(' ');
  if (command === 'measure') {
    messages = 0;
    bytes = 0;
    delays.length = 0;
    measuring = true;
    setTimeout(() => {
      measuring = false;
      say({ type: 'result', open, closed, errors, messages, bytes, delays });
    }, Number(arg));
  } else if (command === 'quit') {
    for (const s of sockets) s.destroy();
    process.exit(0);
  }
});

for (let k = 0; k < count; k += BATCH) {
  await Promise.all(
    Array.from({ length: Math.min(BATCH, count - k) }, (_, b) => subscribe((k + b) % SAMPLE_EVERY === 0)),
  );
}
say({ type: 'connected', open, closed });
