// Topic parsing and SSE framing: canonical topics or every problem; one data line per message.
import t from 'tap';
import { parseLastEventId, sseMessage } from '../../../core/stream/sse.js';
import { parseTopics } from '../../../core/stream/topics.js';

const symbols = new Map([
  ['btc', 'BTC'],
  ['eth', 'ETH'],
]);
const symbolOf = (s: string) => symbols.get(s.toLowerCase()) ?? null;

t.test('topics: canonical spelling, each once', async (t) => {
  t.same(parseTopics('quotes, instrument:btc ,events,instrument:BTC,quotes', symbolOf), {
    topics: ['quotes', 'instrument:BTC', 'events'],
    problems: [],
  });
  t.same(
    parseTopics('QUOTES,Instrument: eth,Events', symbolOf),
    { topics: ['quotes', 'instrument:ETH', 'events'], problems: [] },
    'forms in any case',
  );
  t.same(
    parseTopics(Array(51).fill('quotes').join(','), symbolOf),
    { topics: ['quotes'], problems: [] },
    'a name repeated counts once',
  );
});

t.test('topics: every problem named', async (t) => {
  const { problems } = parseTopics('quote,instrument:doge,news,instrument:', symbolOf);
  t.same(
    problems.map((p) => p.message),
    [
      '"quote": not a topic (quotes, events or instrument:<symbol>)',
      '"instrument:doge": no instrument has this symbol',
      '"news": not a topic (quotes, events or instrument:<symbol>)',
      '"instrument:": no instrument has this symbol',
    ],
  );
  t.ok(problems.every((p) => p.in === 'query' && p.param === 'topics'));
  t.match(parseTopics(' , ,', symbolOf).problems, [{ message: /at least one/ }]);
  t.match(parseTopics(undefined, symbolOf).problems, [{ message: /at least one/ }]);
  t.match(parseTopics(Array.from({ length: 51 }, (_, k) => `instrument:x${k}`).join(','), symbolOf).problems[0], {
    message: /51 topics; at most 50/,
  });
});

t.test('SSE frames and ids', async (t) => {
  t.equal(
    sseMessage('quote', 7, JSON.stringify({ a: 'line\nbreak' })),
    'id: 7\nevent: quote\ndata: {"a":"line\\nbreak"}\n\n',
  );
  t.equal(parseLastEventId('1795313401368001'), 1795313401368001);
  for (const bad of ['', '-1', '1.5', 'abc', '99999999999999999', ' 1'])
    t.equal(parseLastEventId(bad), null, JSON.stringify(bad));
});
