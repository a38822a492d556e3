// A brief's key read by its type: what each type's key looks like, and a 400 naming it for a key that cannot be one.
import t from 'tap';
import { parseBriefKey } from '../../../core/brief/key.js';
import { ApiError } from '../../../core/errors.js';

t.test('keys of each type', async (t) => {
  t.same(parseBriefKey('instrument', 'BTC'), { type: 'instrument', symbol: 'BTC' });
  t.same(parseBriefKey('company', 'AAPL'), { type: 'company', slug: 'AAPL' });
  t.same(parseBriefKey('project', 'tesla/robotaxi'), { type: 'project', company: 'tesla', project: 'robotaxi' });
  t.same(parseBriefKey('event', '760'), { type: 'event', id: 760 });
  t.same(parseBriefKey('macro', 'us-cpi'), { type: 'macro', slug: 'us-cpi' });
  t.same(parseBriefKey('market', 'fed-cut-2027'), { type: 'market', slug: 'fed-cut-2027' });
});

t.test('a key that cannot be of its type is a 400 saying what one looks like', async (t) => {
  const cases: [Parameters<typeof parseBriefKey>[0], string, RegExp][] = [
    ['project', 'robotaxi', /company\/project/],
    ['project', 'tesla/robotaxi/x', /company\/project/],
    ['project', '/robotaxi', /company\/project/],
    ['event', 'abc', /positive integer/],
    ['event', '0', /positive integer/],
    ['event', '-5', /positive integer/],
    ['event', '99999999999999999', /positive integer/],
    ['company', 'tesla/robotaxi', /slug or ticker/],
    ['instrument', 'BTC USD', /symbol/],
    ['sector', '-tech', /slug/],
  ];
  for (const [type, key, message] of cases) {
    try {
      parseBriefKey(type, key);
      t.fail(`${type} ${key} was read`);
    } catch (e) {
      t.ok(
        e instanceof ApiError && e.code === 'bad_request' && message.test(e.message),
        `${type} ${key}: ${(e as Error).message}`,
      );
    }
  }
});
