// GET /metrics beside the sources' figures: the HTTP requests by route and status class with their times, the
// stream's subscribers and messages, and the database's queries and queue, each moving as the server works.
// The same on any day: counters of requests, streams and queries; the demo is only their load.
import t from 'tap';
import { startServer } from '../../../../harness/server.js';
import { listen } from '../../../helpers/sse.js';

const server = await startServer({ env: { TAPEWIRE_DEMO: '1', TICK_MS: '200' } });
t.teardown(() => server.dispose());

const scrape = async () => (await server.get('/metrics')).text();

/** The value of one sample (`name{labels}` as exposed), 0 while it is not exposed. */
function sample(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? 0 : Number(line.slice(series.length + 1));
}

/** A scrape once `done` holds of it (no deadline: tap's timeout ends a stuck test). */
async function scrapeWhen(done: (text: string) => boolean): Promise<string> {
  for (;;) {
    const text = await scrape();
    if (done(text)) return text;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

t.test('the HTTP, stream, database and kept answers figures are exposed with their types', async (t) => {
  const text = await scrape();
  const types = {
    tapewire_http_requests_total: 'counter',
    tapewire_http_request_duration_seconds: 'histogram',
    tapewire_stream_subscribers: 'gauge',
    tapewire_stream_backed_up_subscribers: 'gauge',
    tapewire_stream_messages_sent_total: 'counter',
    tapewire_stream_messages_conflated_total: 'counter',
    tapewire_stream_closed_total: 'counter',
    tapewire_db_queue_waiting: 'gauge',
    tapewire_db_queue_running: 'gauge',
    tapewire_db_query_duration_seconds: 'histogram',
    tapewire_db_slow_queries_total: 'counter',
    tapewire_kept_answers_bytes: 'gauge',
  };
  for (const [name, type] of Object.entries(types))
    t.match(text, new RegExp(`^# TYPE ${name} ${type}$`, 'm'), `${name} is a ${type}`);
  t.match(text, /^tapewire_db_query_duration_seconds_bucket\{le="0.001"\} \d+$/m, 'query times in buckets');
  t.ok(sample(text, 'tapewire_db_query_duration_seconds_count') > 0, 'start-up ran queries');
  t.match(text, /^tapewire_stream_closed_total\{reason="stalled"\} 0$/m, 'slow clients cut off, by reason');
});

t.test('counts move after requests, a stream and the tick loop', async (t) => {
  const before = await scrape();
  for (let k = 0; k < 3; k++) t.equal((await server.get('/v1/meta')).status, 200);
  t.equal((await server.get('/v1/no-such-route')).status, 404);
  const stream = listen(`${server.url}/v1/stream?topics=quotes`);
  t.teardown(() => stream.close());
  await stream.until((messages) => messages.length >= 2, 60_000);
  const received = stream.messages.length;

  const dbCount = 'tapewire_db_query_duration_seconds_count';
  // Quotes are written every few ticks: the count moves without a request asking the database.
  const after = await scrapeWhen((text) => sample(text, dbCount) > sample(before, dbCount));
  const moved = (series: string) => sample(after, series) - sample(before, series);
  t.equal(moved('tapewire_http_requests_total{route="/v1/meta",status="2xx"}'), 3, 'three answers of /v1/meta');
  t.equal(moved('tapewire_http_request_duration_seconds_count{route="/v1/meta"}'), 3, 'timed');
  t.equal(
    sample(after, 'tapewire_http_request_duration_seconds_bucket{route="/v1/meta",le="+Inf"}'),
    sample(after, 'tapewire_http_request_duration_seconds_count{route="/v1/meta"}'),
    'the last bucket holds every request',
  );
  t.ok(sample(after, 'tapewire_http_request_duration_seconds_sum{route="/v1/meta"}') > 0);
  t.equal(
    moved('tapewire_http_requests_total{route="unmatched",status="4xx"}'),
    1,
    'a 404 under the unmatched route, never its URL',
  );
  t.ok(moved('tapewire_http_requests_total{route="/metrics",status="2xx"}') >= 1, 'the scrapes themselves');
  t.equal(sample(after, 'tapewire_stream_subscribers'), 1, 'the open stream');
  t.ok(
    moved('tapewire_stream_messages_sent_total') >= received,
    `messages sent (${received} received before the scrape)`,
  );

  stream.close();
  const closed = await scrapeWhen((text) => sample(text, 'tapewire_stream_subscribers') === 0);
  t.equal(sample(closed, 'tapewire_stream_closed_total{reason="client"}'), 1, 'its end counted as the client leaving');
  t.equal(
    sample(closed, 'tapewire_http_requests_total{route="/v1/stream",status="2xx"}'),
    1,
    'and its request once it ended',
  );
});
