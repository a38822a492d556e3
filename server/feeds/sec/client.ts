// Requests to EDGAR as its access rules ask: the declared User-Agent on every request, at most `maxPerSecond` of them
// a second (requests wait their turn), conditional requests (an answer unchanged since the last one is a 304 and
// costs nothing), and a 429 or 403 (EDGAR's answer to a client over its limit) failing the whole round, so the
// poller backs off rather than asking again at once.
import { clip } from '../../../core/errors.js';
import { clock } from '../../clock.js';
import { onAbort } from '../../on-abort.js';
import { FeedHttpError } from '../http.js';

const TIMEOUT_MS = 30_000;

export class EdgarClient {
  private readonly validators = new Map<string, { etag: string | null; lastModified: string | null }>();
  private nextAt = 0;

  constructor(
    private readonly userAgent: string,
    private readonly maxPerSecond: number,
  ) {}

  /** The text of `url`, or null when it has not changed since this client last read it. */
  async get(url: string, signal: AbortSignal): Promise<string | null> {
    await this.turn(signal);
    const known = this.validators.get(url);
    const headers: Record<string, string> = { 'user-agent': this.userAgent, 'accept-encoding': 'gzip, deflate' };
    if (known?.etag) headers['if-none-match'] = known.etag;
    if (known?.lastModified) headers['if-modified-since'] = known.lastModified;
    let res: Response;
    try {
      res = await fetch(url, { signal: AbortSignal.any([signal, AbortSignal.timeout(TIMEOUT_MS)]), headers });
    } catch (err) {
      throw new FeedHttpError(`GET ${url}: ${(err as Error).message}`, 0, null);
    }
    if (res.status === 304) return null;
    const text = await res.text();
    if (res.ok) {
      this.validators.set(url, { etag: res.headers.get('etag'), lastModified: res.headers.get('last-modified') });
      return text;
    }
    const retryAfter = Number(res.headers.get('retry-after'));
    const wait = Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null;
    // A 403 from EDGAR means "over the limit or undeclared", not "no such item": backed off like a 429.
    const status = res.status === 403 ? 429 : res.status;
    throw new FeedHttpError(`GET ${url}: ${res.status} ${clip(text.replace(/\s+/g, ' '), 200)}`, status, wait);
  }

  /** Waits until this request may go: requests spaced evenly at `maxPerSecond`. */
  private async turn(signal: AbortSignal): Promise<void> {
    const now = clock.now();
    const at = Math.max(now, this.nextAt);
    this.nextAt = at + 1000 / this.maxPerSecond;
    // The feed's signal lives as long as the feed: a wait takes its listener back when it ends, else every throttled
    // request of every round left one there, past Node's 10 (MaxListenersExceededWarning); waits side by side share one.
    if (at > now)
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          forget();
          resolve();
        }, at - now);
        const forget = onAbort(signal, () => {
          clearTimeout(timer);
          resolve();
        });
      });
    if (signal.aborted) throw new FeedHttpError('stopped', 0, null);
  }
}
