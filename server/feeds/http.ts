// GET requests of the feeds: the answer's text, or a FeedHttpError saying whether asking again later can help (a
// server error, a rate limit with its Retry-After, the network) or not (the item asked for does not exist).
import { clip } from '../../core/errors.js';

/** A request still unanswered after this long is given up. */
const TIMEOUT_MS = 30_000;

export class FeedHttpError extends Error {
  constructor(
    message: string,
    /** 0 when no answer came (network, timeout). */
    readonly status: number,
    /** Seconds the source asked to wait (Retry-After of a 429 or 503); null when it did not say. */
    readonly retryAfterS: number | null,
  ) {
    super(message);
  }

  /** Whether the item itself is wrong (a 4xx but a rate limit): asking again will not help, the other items go on. */
  get itemRefused(): boolean {
    return this.status >= 400 && this.status < 500 && this.status !== 429;
  }
}

/**
 * The text of `url`'s answer. `shown` is how the request is named in errors and logs (an API key in the query must not
 * reach them).
 */
export async function getText(
  url: string,
  shown: string,
  signal: AbortSignal,
  accept = 'application/json',
): Promise<string> {
  let res: Response;
  try {
    res = await fetch(url, { signal: AbortSignal.any([signal, AbortSignal.timeout(TIMEOUT_MS)]), headers: { accept } });
  } catch (err) {
    throw new FeedHttpError(`GET ${shown}: ${(err as Error).message}`, 0, null);
  }
  const text = await res.text();
  if (res.ok) return text;
  const retryAfter = Number(res.headers.get('retry-after'));
  throw new FeedHttpError(
    `GET ${shown}: ${res.status} ${clip(text.replace(/\s+/g, ' '), 200)}`,
    res.status,
    Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null,
  );
}
