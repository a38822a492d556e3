// The news source: RSS 2.0 and Atom feeds (the sources file's news, and NEWS_FEEDS) polled every NEWS_EVERY_S or a
// feed's own everyS into stories linked to the covered entities they name, and `tapewire import rss <files>` for
// saved feeds (--key names the publisher when the feed does not).
import { NEWS_SOURCE, parseNewsPayload } from '../../../core/sources/news/index.js';
import { Poller } from '../poller.js';
import type { Source } from '../source.js';
import { NewsFeed, newsRoundMs } from './feed.js';

export const newsSource: Source = {
  name: NEWS_SOURCE,
  description: "news: RSS 2.0 and Atom feeds; its feed reads the sources file's news and NEWS_FEEDS",
  kind: 'news',
  settings: (config) => ({
    on: config.news.feeds.length > 0,
    intervalsMs: { feeds: newsRoundMs(config.news) },
    credentials: [],
  }),
  parse: (text, context) => parseNewsPayload(text, context),

  async start({ config, services, relink, health, log }) {
    const feed = new NewsFeed(config.news, services, relink, log);
    const poller = new Poller(
      NEWS_SOURCE,
      newsRoundMs(config.news),
      (signal) => feed.round(signal),
      log,
      health,
      'news',
    );
    poller.start();
    return () => poller.stop();
  },
};
