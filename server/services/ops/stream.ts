// Subscriptions to the stream: topics validated against the instruments, the per-client cap, and the hub that
// writes to each subscriber.
import { validationError } from '../../../core/errors.js';
import type { CloseReason } from '../../../core/stream/close-reasons.js';
import { parseTopics } from '../../../core/stream/topics.js';
import { AuthError, type Principal } from '../../auth.js';
import type { StreamSubscribers } from '../../ports/index.js';
import type { SocketStream } from '../../stream/socket-stream.js';
import type { SocketHub } from '../../stream/sockets.js';
import type { IssuedTicket, StreamTickets } from '../../stream/tickets.js';
import type { InstrumentService } from '../read/index.js';

/** Where the hub writes a subscriber's messages: the stream surface's response. */
type Sink = Parameters<StreamSubscribers['open']>[0];

/** An admitted subscription, to open on a response once its headers are out; `open` returns how to close it. */
export interface Subscription {
  open(res: Sink, lastEventId: string | null, ended: (reason: CloseReason) => void): (reason: CloseReason) => void;
}

export class StreamService {
  constructor(
    private readonly hub: StreamSubscribers,
    private readonly instruments: InstrumentService,
    private readonly tickets: StreamTickets,
    private readonly sockets: SocketHub,
  ) {}

  /** The canonical topics named by `raw`; a 422 for a bad one. */
  topics(raw: string): string[] {
    const { topics, problems } = parseTopics(raw, (symbol) => {
      const i = this.instruments.find(symbol);
      return i < 0 ? null : this.instruments.row(i).symbol;
    });
    if (problems.length) throw validationError(problems);
    return topics;
  }

  /** A ticket for `who` to open the topics named by `raw`. */
  ticket(raw: string, who: Pick<Principal, 'client'>): IssuedTicket {
    return this.tickets.issue(who, this.topics(raw));
  }

  /**
   * A subscription of `who` to the topics named by `raw`: a 422 for a bad topic, a 401 for one its ticket does not
   * grant (`granted`, null without a ticket), a 429 over its stream allowance. A promise when the other nodes' streams
   * had to be asked.
   */
  subscribe(
    raw: string,
    who: Pick<Principal, 'client' | 'rpm'>,
    granted: string[] | null = null,
  ): Subscription | Promise<Subscription> {
    const { client, rpm } = who;
    const topics = this.grantedTopics(raw, granted);
    const subscription: Subscription = {
      open: (res, lastEventId, ended) => this.hub.open(res, topics, client, lastEventId, ended),
    };
    const admitted = this.hub.admit(client, rpm);
    return admitted ? admitted.then(() => subscription) : subscription;
  }

  /**
   * A WebSocket stream of `who`, subscribed at once to the topics named by `raw` (none: it subscribes by its frames)
   * from `lastEventId`: a 422 for a bad topic, a 401 for one its ticket does not grant (`granted`), a 429 over its
   * stream allowance (a promise when the other nodes' streams had to be asked). The topics of its frames are checked
   * alike, each refusal an error frame.
   */
  socket(
    raw: string | undefined,
    who: Pick<Principal, 'client' | 'rpm'>,
    granted: string[] | null,
    lastEventId: string | null,
  ): SocketStream | Promise<SocketStream> {
    const topics = raw === undefined ? [] : this.grantedTopics(raw, granted);
    const stream = () =>
      this.sockets.stream({
        client: who.client,
        topics,
        lastEventId,
        resolve: (names) => this.grantedTopics(names.join(','), granted),
      });
    const admitted = this.hub.admit(who.client, who.rpm);
    return admitted ? admitted.then(stream) : stream();
  }

  /** The canonical topics named by `raw`: a 422 for a bad one, a 401 for one a ticket does not grant. */
  private grantedTopics(raw: string, granted: string[] | null): string[] {
    const topics = this.topics(raw);
    const refused = granted ? topics.filter((t) => !granted.includes(t)) : [];
    if (refused.length)
      throw new AuthError(
        `This stream ticket does not grant ${refused.join(', ')}`,
        'Bearer realm="tapewire", error="insufficient_scope"',
      );
    return topics;
  }
}
