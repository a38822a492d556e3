// Query parsing: decoding, repeated names, broken percent-encoding.
import t from 'tap';
import { parseQuery } from '../../../server/http/query.js';

t.test('decodes names and values, + as space', (t) => {
  const q = parseQuery('q=rate+cut%20odds&limit=5&flag&empty=');
  t.same({ ...q.values }, { q: 'rate cut odds', limit: '5', flag: '', empty: '' });
  t.same(q.problems, []);
  t.end();
});

t.test('repeated names are reported once each', (t) => {
  const q = parseQuery('a=1&a=2&a=3&b=1');
  t.equal(q.values.a, '1');
  t.same(q.problems, [{ in: 'query', param: 'a', message: 'is repeated: give it once (lists are comma-separated)' }]);
  t.end();
});

t.test('bad percent-encoding is a problem, not an exception', (t) => {
  const q = parseQuery('x=%E0%A4%A&%ZZ=1&ok=%C3%A9');
  t.equal(q.values.ok, 'é');
  t.equal(q.problems.length, 2);
  t.match(q.problems[0], { param: 'x', message: /UTF-8/ });
  t.match(q.problems[1], { param: '%ZZ', message: /name/ });
  t.end();
});
