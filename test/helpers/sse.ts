// A real SSE client for tests: the `eventsource` package against the running server, recording every message.
import { EventSource } from 'eventsource';
import { clock } from '../../server/clock.js';

export interface Received {
  event: string;
  id: string;
  data: Record<string, unknown>;
  at: number;
}

export interface Listener {
  messages: Received[];
  /** EventSource's readyState: 0 connecting (or reconnecting), 1 open, 2 closed for good (an answer other than 200). */
  readonly readyState: number;
  /** Resolves once the stream is first open. */
  opened: Promise<void>;
  /** Resolves once `test` holds for the messages so far; rejects after `ms`. */
  until(test: (messages: Received[]) => boolean, ms?: number): Promise<void>;
  close(): void;
}

const EVENTS = ['quote', 'venue', 'candle', 'event', 'reset', 'closed'];

/** Opens `url` with the key (if any) and the Last-Event-ID (if any) as headers, and records what arrives. */
export function listen(url: string, options: { key?: string; lastEventId?: string } = {}): Listener {
  const headers: Record<string, string> = {};
  if (options.key) headers.Authorization = `Bearer ${options.key}`;
  if (options.lastEventId) headers['Last-Event-ID'] = options.lastEventId;
  const es = new EventSource(url, {
    fetch: (input, init) =>
      fetch(input, { ...init, headers: { ...(init?.headers as Record<string, string>), ...headers } }),
  });
  const messages: Received[] = [];
  const opened = new Promise<void>((resolve) => es.addEventListener('open', () => resolve(), { once: true }));
  for (const event of EVENTS) {
    es.addEventListener(event, (e) =>
      messages.push({ event, id: e.lastEventId, data: JSON.parse(e.data), at: clock.now() }),
    );
  }
  return {
    messages,
    get readyState() {
      return es.readyState;
    },
    opened,
    until(test, ms = 10_000) {
      return new Promise((resolve, reject) => {
        const started = clock.now();
        const check = () => {
          if (test(messages)) return resolve();
          if (clock.now() - started > ms)
            return reject(new Error(`condition not met in ${ms} ms (${messages.length} messages)`));
          setTimeout(check, 20);
        };
        check();
      });
    },
    close: () => es.close(),
  };
}
