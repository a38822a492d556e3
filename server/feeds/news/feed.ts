// The news feed's round: each configured RSS or Atom feed read, its items parsed into stories by the news source's
// parser, linked to the entities they name and written; the new ones go out on the stream and to the linkers. A feed
// with its own period (the sources file's everyS) is read only once that has passed. A feed that answers something not
// a feed is logged and skipped, without holding up the others.
import { parseNewsPayload } from '../../../core/sources/news/index.js';
import { clock } from '../../clock.js';
import type { Config } from '../../config.js';
import type { Logger } from '../../log.js';
import type { Services } from '../../services/index.js';
import { getText } from '../http.js';
import { FeedItems } from '../poller.js';
import { publishStories, type StoryOutlet } from '../stories.js';

const ACCEPT = 'application/rss+xml, application/atom+xml, application/xml;q=0.9, text/xml;q=0.9, */*;q=0.5';
/** A round comes a little early or late: a feed due within this much is read in it. */
const SLACK_MS = 1_000;

/** How often rounds run: as often as the most frequent feed needs. */
export function newsRoundMs(config: Config['news']): number {
  return Math.min(config.everyMs, ...config.feeds.map((f) => f.everyMs ?? config.everyMs));
}

export class NewsFeed {
  private readonly items: FeedItems;
  /** When each feed (by address) was last read. */
  private readonly readAt = new Map<string, number>();
  private readonly outlet: StoryOutlet;

  constructor(
    private readonly config: Config['news'],
    private readonly services: Pick<Services, 'events'>,
    relink: StoryOutlet['relink'],
    private readonly log: Logger,
  ) {
    this.items = new FeedItems('rss', log);
    this.outlet = { events: services.events, relink, log };
  }

  async round(signal: AbortSignal): Promise<void> {
    for (const feed of this.config.feeds) {
      if (signal.aborted) return;
      const now = clock.now();
      if (now + SLACK_MS < (this.readAt.get(feed.url) ?? -Infinity) + (feed.everyMs ?? this.config.everyMs)) continue;
      await this.items.run(feed.url, async () => {
        const text = await getText(feed.url, feed.url, signal, ACCEPT);
        const { stories, skipped } = parseNewsPayload(text, { key: feed.name });
        const { written, ids } = await this.services.events.ingest(stories ?? [], { announce: false });
        await publishStories(this.outlet, ids);
        if (written) this.log.info({ feed: 'rss', url: feed.url, written }, 'feed rss wrote');
        if (skipped.length)
          this.log.debug({ feed: 'rss', url: feed.url, skipped: skipped.slice(0, 5) }, 'feed rss skipped items');
      });
      // Read, or refused as not a feed; a failed read throws above and is retried with the round.
      this.readAt.set(feed.url, now);
    }
  }
}
