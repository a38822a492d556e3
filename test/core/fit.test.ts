// Answers cut to a size: a page keeps its leading items and says where the rest starts; an answer's arrays are cut in
// the order given, each from its end, and the notice says what was left out.
import t from 'tap';
import { cutTail, fitObject, fitPage, type Trim } from '../../core/fit.js';

const item = (k: number) => ({ id: k, text: 'x'.repeat(90) });
const size = (x: unknown) => JSON.stringify(x).length;

t.test('a page that fits is untouched; one that does not keeps the leading items that fit', async (t) => {
  const answer = {
    data: Array.from({ length: 100 }, (_, k) => item(k)),
    page: { limit: 100, offset: 200, nextOffset: 300 },
  };
  t.equal(fitPage(answer, 1e6), answer);
  const cut = fitPage(answer, 5000);
  t.ok(size(cut) <= 5000, `${size(cut)} characters`);
  t.same(cut.data, answer.data.slice(0, cut.data.length));
  t.same(cut.page, { limit: 100, offset: 200, nextOffset: 200 + cut.data.length });
  t.match(cut.notice, `call again with offset=${200 + cut.data.length}`);
  t.throws(
    () => fitPage({ data: [{ text: 'y'.repeat(6000) }], page: { limit: 1, offset: 0, nextOffset: null } }, 5000),
    'an item larger than the answer',
  );
});

t.test('arrays are cut in the order given, the second only once the first is not enough', async (t) => {
  const data = {
    a: Array.from({ length: 20 }, (_, k) => item(k)),
    b: Array.from({ length: 20 }, (_, k) => item(100 + k)),
    name: 'n',
  };
  const trims: Trim<typeof data>[] = [
    cutTail<typeof data>('a', 'a', 'ask for a'),
    cutTail<typeof data>('b', 'b', 'ask for b'),
  ];
  t.same(fitObject(data, trims, 1e6), { data });
  const some = fitObject(data, trims, 3500);
  t.ok(size({ data: some.data }) <= 3500);
  t.equal(some.data.b.length, 20, 'b untouched while cutting a is enough');
  t.ok(some.data.a.length < 20 && some.data.a.every((x, k) => x.id === k), 'a keeps its first items');
  t.match(some.notice, /^Cut to fit the answer size\. a: \d+ of 20 shown \(ask for a\)\.$/);
  const more = fitObject(data, trims, 1500);
  t.equal(more.data.a.length, 0);
  t.ok(more.data.b.length < 20);
  t.match(more.notice, /a: 0 of 20 shown \(ask for a\); b: \d+ of 20 shown \(ask for b\)/);
  t.throws(() => fitObject({ big: 'z'.repeat(5000) }, [], 1000), 'nothing left to cut');
});
