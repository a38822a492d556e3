// The SEC EDGAR source: `tapewire import sec <files>` reads downloaded submissions, companyfacts, Form 3/4/5 XML,
// the latest-filings Atom feed and form indexes; with SEC_USER_AGENT set its feed keeps covered companies up to date.

import { SEC_SOURCE } from '../../../core/sources/sec/index.js';
import { parseSecPayload } from '../../../core/sources/sec/payload.js';
import { Poller } from '../poller.js';
import type { Source } from '../source.js';
import { SecFeed } from './feed.js';

export const secSource: Source = {
  name: SEC_SOURCE,
  description:
    'SEC EDGAR: submissions, companyfacts, Form 3/4/5 XML, latest-filings Atom, form indexes; its feed with SEC_USER_AGENT',
  kind: 'filings',
  settings: (config) => ({
    on: config.sec.userAgent !== null,
    intervalsMs: { latest: config.sec.everyMs },
    credentials: ['SEC_USER_AGENT'],
    offBecause:
      config.sec.userAgent === null
        ? 'SEC_USER_AGENT is not set: EDGAR requires a declared User-Agent ("Name email")'
        : undefined,
  }),
  parse: (text, context) => parseSecPayload(text, context),

  async start({ config, services, relink, health, log }) {
    const userAgent = config.sec.userAgent!;
    const feed = new SecFeed({ ...config.sec, userAgent }, services, relink, log);
    const poller = new Poller(
      secSource.name,
      config.sec.everyMs,
      (signal) => feed.round(signal),
      log,
      health,
      'filings',
    );
    poller.start();
    return () => poller.stop();
  },
};
