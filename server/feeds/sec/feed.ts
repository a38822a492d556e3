// The SEC EDGAR feed's round: the latest-filings Atom feed first (its filings of covered companies stored), then, for
// every covered company it names (every covered company on the first round after a start), its submissions, its
// companyfacts and the ownership forms (3/4/5) it lists that are not stored yet. What is stored is the feed's place:
// after a restart it asks EDGAR again and fetches only the forms it lacks. The stories of new filings take the path
// news takes: out on the stream and to the linkers as soon as they are written.
import { unpaddedCik } from '../../../core/sources/sec/ids.js';
import { parseSecPayload } from '../../../core/sources/sec/payload.js';
import { ownershipXmlUrl } from '../../../core/sources/sec/urls.js';
import { clock } from '../../clock.js';
import type { Config } from '../../config.js';
import type { Logger } from '../../log.js';
import type { Services } from '../../services/index.js';
import { FeedItems } from '../poller.js';
import { publishStories, type StoryOutlet } from '../stories.js';
import { EdgarClient } from './client.js';

/** Ownership forms fetched per company and round, newest first: a company's backlog arrives over a few rounds. */
const FORMS_PER_ROUND = 20;
const OWNERSHIP = /^[345](\/A)?$/;

export class SecFeed {
  private readonly client: EdgarClient;
  private readonly items: FeedItems;
  private readonly outlet: StoryOutlet;
  private started = false;

  constructor(
    private readonly config: Config['sec'] & { userAgent: string },
    private readonly services: Pick<Services, 'imports' | 'filings' | 'events'>,
    relink: StoryOutlet['relink'],
    private readonly log: Logger,
  ) {
    this.client = new EdgarClient(config.userAgent, config.maxPerSecond);
    this.items = new FeedItems('sec', log);
    this.outlet = { events: services.events, relink, log };
  }

  async round(signal: AbortSignal): Promise<void> {
    const covered = new Set(await this.services.filings.coveredCiks());
    const named = new Set<string>();
    const latest = await this.client.get(
      `${this.config.url}/cgi-bin/browse-edgar?action=getcurrent&type=&company=&dateb=&owner=include&start=0&count=100&output=atom`,
      signal,
    );
    if (latest !== null) {
      await this.items.run('latest filings', async () => {
        const parsed = parseSecPayload(latest, { name: 'latest-filings.atom', key: null, at: clock.now() });
        for (const f of parsed.secFilings ?? []) if (covered.has(f.cik)) named.add(f.cik);
        await this.write('latest filings', parsed);
      });
    }
    // Every covered company until a round has gone through them all: a round failing half-way is retried whole.
    for (const cik of this.started ? named : covered) await this.company(cik, signal);
    this.started = true;
  }

  private async company(cik: string, signal: AbortSignal): Promise<void> {
    const name = `CIK${cik}.json`;
    await this.items.run(`submissions ${cik}`, async () => {
      const text = await this.client.get(`${this.config.dataUrl}/submissions/${name}`, signal);
      if (text === null) return;
      const parsed = parseSecPayload(text, { name, key: null, at: clock.now() });
      await this.write(`submissions ${cik}`, parsed);
      const forms = (parsed.secFilings ?? []).filter((f) => OWNERSHIP.test(f.form) && f.primaryDocument);
      const stored = await this.services.filings.storedOwnership(forms.map((f) => f.accession));
      for (const f of forms.filter((f) => !stored.has(f.accession)).slice(0, FORMS_PER_ROUND)) {
        await this.items.run(`ownership ${f.accession}`, async () => {
          const xml = await this.client.get(ownershipXmlUrl(cik, f.accession, f.primaryDocument!, this.config), signal);
          if (xml === null) return;
          const info = {
            accession: f.accession,
            filingDate: f.filingDate,
            primaryDocument: f.primaryDocument,
            filerCik: cik,
          };
          await this.write(
            `ownership ${f.accession}`,
            parseSecPayload(
              xml,
              { name: `${f.accession}.xml`, key: f.accession, at: clock.now() },
              { ownership: info },
            ),
          );
        });
      }
    });
    await this.items.run(`companyfacts ${cik}`, async () => {
      const text = await this.client.get(`${this.config.dataUrl}/api/xbrl/companyfacts/${name}`, signal);
      if (text !== null)
        await this.write(
          `companyfacts ${unpaddedCik(cik)}`,
          parseSecPayload(text, { name, key: null, at: clock.now() }),
        );
    });
  }

  private async write(item: string, parsed: Parameters<Services['imports']['payload']>[0]): Promise<void> {
    const report = await this.services.imports.payload(parsed);
    await publishStories(this.outlet, report.storyIds);
    const written = Object.values(report.counts).reduce((n, c) => n + (c?.written ?? 0), 0);
    if (written) this.log.info({ feed: 'sec', item, counts: report.counts }, `feed sec: ${item} written`);
    if (report.skipped.length)
      this.log.debug(
        { feed: 'sec', item, skipped: report.skipped.slice(0, 20) },
        `feed sec: ${item}: ${report.skipped.length} items skipped`,
      );
  }
}
