// Stream tickets: GET /v1/stream/ticket signs a short-lived grant for the caller's key and topics; /v1/stream opens
// with it as ?ticket= (no Authorization header, as a browser's EventSource), and every other use is a 401: expired,
// tampered, other topics, another route, a revoked key.
import t from 'tap';
import { signTicket } from '../../../core/stream/ticket.js';
import { createKey, startServer } from '../../../harness/server.js';
import { clock } from '../../../server/clock.js';
import { TICKET_STREAMS } from '../../../server/stream/tickets.js';
import { listen } from '../../helpers/sse.js';

const SECRET = 'a-test-secret-of-at-least-thirty-two-characters';
const server = await startServer({
  env: { TAPEWIRE_ANON: '0', STREAM_TICKET_SECRET: SECRET, STREAM_HEARTBEAT_S: '1' },
});
t.teardown(() => server.dispose());
const key = await createKey(server, 'ticket');

interface Issued {
  data: { ticket: string; topics: string[]; expiresAt: string };
}

async function ticketFor(topics: string, k = key): Promise<Issued['data']> {
  const res = await server.get(`/v1/stream/ticket?topics=${encodeURIComponent(topics)}`, { key: k });
  if (res.status !== 200) throw new Error(`ticket: ${res.status} ${await res.text()}`);
  return ((await res.json()) as Issued).data;
}

const streamWith = (ticket: string, topics = 'events') =>
  server.get(`/v1/stream?topics=${topics}&ticket=${encodeURIComponent(ticket)}`, { method: 'HEAD' });

t.test('a ticket is issued for a key only, names its topics and expires within about a minute', async (t) => {
  t.equal((await server.get('/v1/stream/ticket?topics=events')).status, 401, 'no key, no ticket');
  t.equal((await server.get('/v1/stream/ticket?topics=nonsense', { key })).status, 422, 'a bad topic is a 422');
  const issued = await ticketFor('EVENTS,quotes');
  t.same(issued.topics.sort(), ['events', 'quotes'], 'topics in canonical spelling');
  const ttl = Date.parse(issued.expiresAt) - clock.now();
  t.ok(ttl > 30_000 && ttl <= 60_000, `expires in ${ttl} ms`);
  t.notOk(issued.ticket.includes(key.slice(5)), 'the ticket does not carry the key');
});

t.test('a stream opened with a ticket and no Authorization header receives messages', async (t) => {
  const { ticket } = await ticketFor('events');
  const s = listen(`${server.url}/v1/stream?topics=events&ticket=${encodeURIComponent(ticket)}`);
  t.teardown(() => s.close());
  await s.opened;
  t.equal(s.readyState, 1, 'open');
  t.equal((await streamWith(ticket)).status, 200);
});

t.test('an expired, tampered, foreign or other-topic ticket is a 401', async (t) => {
  const { ticket } = await ticketFor('events');
  const [v, body, mac] = ticket.split('.');
  const grant = JSON.parse(Buffer.from(body!, 'base64url').toString()) as { c: string };
  const expired = signTicket(Buffer.from(SECRET), {
    client: grant.c,
    topics: ['events'],
    expiresAtMs: clock.now() - 1000,
  });
  const widened = Buffer.from(JSON.stringify({ ...grant, t: ['events', 'quotes'] })).toString('base64url');
  const foreign = signTicket(Buffer.from('another-secret-of-at-least-thirty-two-chars'), {
    client: grant.c,
    topics: ['events'],
    expiresAtMs: clock.now() + 60_000,
  });
  for (const [what, bad, topics] of [
    ['expired', expired, 'events'],
    ['with its grant altered', `${v}.${widened}.${mac}`, 'events,quotes'],
    ['signed by another secret', foreign, 'events'],
    ['not a ticket', 'garbage', 'events'],
    ['for other topics', ticket, 'quotes'],
    ['for more topics than it names', ticket, 'events,quotes'],
  ] as const) {
    const res = await streamWith(bad, topics);
    t.equal(res.status, 401, `a ticket ${what} is refused`);
    t.match(res.headers.get('www-authenticate') ?? '', /Bearer/);
  }
  t.equal((await streamWith(ticket)).status, 200, 'the untouched ticket still opens its topic');
});

t.test(
  `a ticket opens ${TICKET_STREAMS} streams at most, only in the encoding the server writes, and never beside a bad key`,
  async (t) => {
    const { ticket } = await ticketFor('events');
    for (let k = 0; k < TICKET_STREAMS; k++) t.equal((await streamWith(ticket)).status, 200, `stream ${k + 1}`);
    const spent = await server.get(`/v1/stream?topics=events&ticket=${encodeURIComponent(ticket)}`);
    t.equal(spent.status, 401, 'then it is spent');
    t.match(((await spent.json()) as { error: { message: string } }).error.message, /has opened its 3 streams/);
    const fresh = (await ticketFor('events')).ticket;
    t.equal((await streamWith(`${fresh}=`)).status, 401, 'padding on the signature');
    t.equal(
      (await streamWith(`${fresh.slice(0, -1)}${fresh.at(-1) === 'A' ? 'B' : 'A'}`)).status,
      401,
      'a changed last character',
    );
    const beside = await server.get(`/v1/stream?topics=events&ticket=${encodeURIComponent(fresh)}`, {
      method: 'HEAD',
      headers: { authorization: 'Bearer junk' },
    });
    t.equal(beside.status, 401, 'a bad Authorization header beside a good ticket');
    t.equal((await streamWith(fresh)).status, 200, 'the ticket alone still opens');
  },
);

t.test('a ticket is refused on every other route', async (t) => {
  const { ticket } = await ticketFor('events');
  for (const path of ['/v1/meta', '/v1/instruments', '/v1/stream/ticket?topics=events', '/v1/events']) {
    const res = await server.get(`${path}${path.includes('?') ? '&' : '?'}ticket=${encodeURIComponent(ticket)}`);
    t.equal(res.status, 401, `${path} refuses a ticket`);
    t.match(
      ((await res.json()) as { error: { message: string } }).error.message,
      /accepted by \/v1\/stream and \/v1\/ws only/,
    );
  }
});

t.test('a ticket dies with its key: revoked, its ticket no longer opens a stream', async (t) => {
  const doomed = await createKey(server, 'doomed');
  const { ticket } = await ticketFor('events', doomed);
  t.equal((await streamWith(ticket)).status, 200);
  const revoke = await server.keys('revoke', doomed.slice(0, 12));
  t.equal(revoke.code, 0, revoke.stderr);
  t.equal((await streamWith(ticket)).status, 401, 'refused once the key is revoked');
});
