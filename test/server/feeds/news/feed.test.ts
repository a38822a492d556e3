// The news feed against a local HTTP server serving an RSS feed: down at first (retried with backoff), then its
// stories written once, linked to the covered entities they name, and announced on the stream.
import t from 'tap';
import { fixture } from '../../../../harness/realdata.js';
import { startReplay } from '../../../../harness/replay.js';
import { importFiles, startServer } from '../../../../harness/server.js';
import { clock } from '../../../../server/clock.js';

t.test('NEWS_FEEDS: replayed feed into linked stories', async (t) => {
  let up = false;
  const replay = await startReplay(() =>
    up
      ? { body: fixture('news/wire.rss.xml'), headers: { 'content-type': 'application/rss+xml' } }
      : { status: 503, body: 'down' },
  );
  t.teardown(() => replay.close());
  const server = await startServer({
    env: { TAPEWIRE_ANON: '1', NEWS_FEEDS: `${replay.url}/feed.rss`, NEWS_EVERY_S: '60' },
  });
  t.teardown(() => server.dispose());
  const profiles = await importFiles(server.dataDir, 'profiles', 'test/fixtures/profiles/coverage.json');
  t.equal(profiles.code, 0, profiles.stderr);
  up = true;
  let data: { headline: string; entities: { key: string }[]; summary: string; sourceUrl: string }[] = [];
  for (
    const deadline = clock.now() + 60_000;
    data.length < 3 && clock.now() < deadline;
    await new Promise((r) => setTimeout(r, 500))
  ) {
    data = ((await (await server.get('/v1/events?limit=100')).json()) as { data: typeof data }).data;
  }
  t.equal(data.length, 3, 'the feed recovered and its readable items were written');
  const deal = data.find((e) => e.headline.startsWith('Example Chips to acquire'))!;
  t.same(
    deal.entities.map((e) => e.key),
    ['example-chips', 'example-foundry', 'jane-example'],
  );
  t.equal(
    deal.summary,
    'Deal news reported by Harbor Street Wire, about Example Chips, Example Foundry and Jane Example.',
  );
  t.ok(replay.requests.length >= 2, 'asked again after the failure');
});
