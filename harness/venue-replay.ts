// A local venue for the connectors' tests, never the network: one port serving the venue's WebSocket (every frame a
// client sends is recorded; a subscribe is answered by the session's frames, sent again every `everyMs` as the venue
// would keep streaming) and its REST API (answered by `rest`). Replayed frames carry times of now: the fixtures'
// times (2026-01-01) are moved to the moment they are sent, and per-listing sequence numbers move on each round.
import { createServer, type Server } from 'node:http';
import WebSocket, { WebSocketServer } from 'ws';
import { clock } from '../server/clock.js';
import type { Answer } from './replay.js';

export interface VenueReplay {
  wsUrl: string;
  restUrl: string;
  /** Every text frame clients sent, in order, across connections. */
  received: string[];
  /** How many connections clients opened so far. */
  connections: number;
  /** Sends `text` to every open connection. */
  send(text: string): void;
  /** Drops every connection at once, as a venue restarting does. */
  drop(): void;
  close(): Promise<void>;
}

export interface ReplayOptions {
  /** Frames answering a subscribe, then streamed every `everyMs` (0: once). */
  frames: string[];
  everyMs?: number;
  /** Whether a client frame subscribes (the others, pings and the like, are only recorded). */
  isSubscribe?: (text: string) => boolean;
  rest?: (url: URL, body: string) => Answer;
}

/** The fixtures' day, which replayed times are moved from. */
const FIXTURE_EPOCH_MS = Date.UTC(2026, 0, 1);

/** `line` as sent `nowMs`, round `round`: its times moved to now, its per-listing sequence numbers moved on. */
export function retime(line: string, nowMs: number, round: number): string {
  const shift = nowMs - FIXTURE_EPOCH_MS;
  return line
    .replace(/\b176(7|8)\d{9}\b/g, (ms) => String(Number(ms) + shift))
    .replace(/2026-01-01T(\d\d):(\d\d):(\d\d(?:\.\d+)?)Z/g, (iso) => new Date(Date.parse(iso) + shift).toISOString())
    .replace(/"(L|cs)":(\d+)/g, (_, key: string, n: string) => `"${key}":${Number(n) + round * 1000}`);
}

const SUBSCRIBES = /subscribe/i;

export async function startVenueReplay(options: ReplayOptions): Promise<VenueReplay> {
  const received: string[] = [];
  const sockets = new Set<WebSocket>();
  const timers = new Set<NodeJS.Timeout>();
  const http: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const answer = options.rest?.(new URL(req.url ?? '/', 'http://replay'), body) ?? {
        status: 404,
        body: '{"error":"not replayed"}',
      };
      res.writeHead(answer.status ?? 200, { 'content-type': 'application/json', ...answer.headers });
      res.end(answer.body);
    });
  });
  const wss = new WebSocketServer({ server: http });
  const replay: VenueReplay = {
    wsUrl: '',
    restUrl: '',
    received,
    connections: 0,
    send: (text) => sockets.forEach((s) => s.send(text)),
    drop: () => sockets.forEach((s) => s.terminate()),
    close: async () => {
      timers.forEach((t) => clearInterval(t));
      replay.drop();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
  wss.on('connection', (socket) => {
    replay.connections++;
    sockets.add(socket);
    let round = 0;
    let timer: NodeJS.Timeout | null = null;
    const sendAll = () =>
      options.frames.forEach(
        (line) => socket.readyState === WebSocket.OPEN && socket.send(retime(line, clock.now(), round)),
      );
    socket.on('message', (data) => {
      const text = data.toString();
      received.push(text);
      if (!(options.isSubscribe ?? ((t: string) => SUBSCRIBES.test(t)))(text)) return;
      sendAll();
      if (options.everyMs && !timer) {
        timer = setInterval(() => {
          round++;
          sendAll();
        }, options.everyMs);
        timers.add(timer);
      }
    });
    socket.on('close', () => {
      sockets.delete(socket);
      if (timer) {
        clearInterval(timer);
        timers.delete(timer);
      }
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as { port: number };
  replay.wsUrl = `ws://127.0.0.1:${port}/ws`;
  replay.restUrl = `http://127.0.0.1:${port}`;
  return replay;
}
