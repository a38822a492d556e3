// A real WebSocket client for tests: the `ws` package against the running server, recording every frame it receives.
import WebSocket from 'ws';
import { clock } from '../../server/clock.js';

/** A frame as the server sends it: a message (`type`, `id`, `data`), an ack (`topics`), or an error. */
export interface Frame {
  type?: string;
  id?: string;
  data?: Record<string, unknown>;
  topics?: string[];
  error?: { code: string; message: string; details?: unknown };
  at: number;
}

export interface SocketClient {
  ws: WebSocket;
  frames: Frame[];
  /** The stream's messages alone (frames with an id). */
  readonly messages: Frame[];
  /** Resolves once open; rejects with the HTTP status when the upgrade is refused. */
  opened: Promise<void>;
  /** Resolves with the close code and reason once the socket closed. */
  closed: Promise<{ code: number; reason: string }>;
  send(request: unknown): void;
  /** Resolves once `test` holds for the frames so far; rejects after `ms`. */
  until(test: (frames: Frame[]) => boolean, ms?: number): Promise<void>;
  close(): void;
}

/** A refused upgrade: the status and body the server answered. */
export class Refused extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
  ) {
    super(`upgrade refused: ${status} ${body}`);
  }
}

export function connect(url: string, options: { key?: string; requestId?: string } = {}): SocketClient {
  const headers: Record<string, string> = {};
  if (options.key) headers.Authorization = `Bearer ${options.key}`;
  if (options.requestId) headers['X-Request-Id'] = options.requestId;
  const ws = new WebSocket(url, { headers });
  const frames: Frame[] = [];
  ws.on('message', (data) => frames.push({ ...JSON.parse(data.toString()), at: clock.now() }));
  const opened = new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('unexpected-response', (_req, res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => reject(new Refused(res.statusCode ?? 0, body)));
    });
    ws.once('error', reject);
  });
  opened.catch(() => undefined);
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.once('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  return {
    ws,
    frames,
    get messages() {
      return frames.filter((f) => f.id !== undefined);
    },
    opened,
    closed,
    send: (request) => ws.send(JSON.stringify(request)),
    until(test, ms = 10_000) {
      return new Promise((resolve, reject) => {
        const started = clock.now();
        const check = () => {
          if (test(frames)) return resolve();
          if (clock.now() - started > ms)
            return reject(new Error(`condition not met in ${ms} ms (${frames.length} frames)`));
          setTimeout(check, 20);
        };
        check();
      });
    },
    close: () => ws.terminate(),
  };
}
