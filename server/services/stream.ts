// Subscriptions to the stream: topics validated against the instruments, the per-client cap, and the hub that
// writes to each subscriber.
import { validationError } from '../../core/errors.js';
import { parseTopics } from '../../core/stream/topics.js';
import type { Principal } from '../auth.js';
import type { HttpResponse } from '../http/uws.js';
import type { CloseReason, StreamHub } from '../stream/hub.js';
import type { InstrumentService } from './instruments.js';

/** An admitted subscription, to open on a response once its headers are out; `open` returns how to close it. */
export interface Subscription {
  open(res: HttpResponse, lastEventId: string | null, ended: (reason: CloseReason) => void): (reason: CloseReason) => void;
}

export class StreamService {
  constructor(
    private readonly hub: StreamHub,
    private readonly instruments: InstrumentService,
  ) {}

  /** A subscription of `who` to the topics named by `raw`: a 422 for a bad topic, a 429 over its stream allowance. */
  subscribe(raw: string, who: Pick<Principal, 'client' | 'rpm'>): Subscription {
    const { client, rpm } = who;
    const { topics, problems } = parseTopics(raw, (symbol) => {
      const i = this.instruments.find(symbol);
      return i < 0 ? null : this.instruments.row(i).symbol;
    });
    if (problems.length) throw validationError(problems);
    this.hub.admit(client, rpm);
    return { open: (res, lastEventId, ended) => this.hub.open(res, topics, client, lastEventId, ended) };
  }
}
