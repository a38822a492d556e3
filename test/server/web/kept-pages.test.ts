// Kept pages: a page rendered once is served to the next viewers while the data stamp holds, each with a ticket of its
// own in the slot the page left for it; another stamp renders again; the number kept is bounded.
import t from 'tap';
import { filled, KeptPages, keptPage, ticketSlot } from '../../../server/web/kept-pages.js';

t.test('slots: cut where the page put its tickets, filled for each viewer', async (t) => {
  const html = `<body data-ticket="${ticketSlot(0)}"><i data-t="${ticketSlot(1)}"></i></body>`;
  const page = keptPage(html, [['instrument:BTC'], ['market']]);
  t.equal(page.parts.length, 3);
  let n = 0;
  const asked: string[][] = [];
  const issue = (topics: string[]) => {
    asked.push(topics);
    return `T${++n}`;
  };
  t.equal(filled(page, issue).toString(), '<body data-ticket="T1"><i data-t="T2"></i></body>');
  t.equal(
    filled(page, issue).toString(),
    '<body data-ticket="T3"><i data-t="T4"></i></body>',
    'each viewer its own tickets',
  );
  t.same(asked, [['instrument:BTC'], ['market'], ['instrument:BTC'], ['market']], 'on the topics the page asked for');
  t.equal(filled(keptPage('<p>no live part</p>', []), issue).toString(), '<p>no live part</p>');
});

t.test('kept while the data stamp holds; bounded', async (t) => {
  const kept = new KeptPages();
  const page = keptPage('<p>x</p>', []);
  kept.set('/a', '1.0.0', page);
  t.equal(kept.get('/a', '1.0.0'), kept.get('/a', '1.0.0'), 'the same page again');
  t.ok(kept.get('/a', '1.0.0'));
  t.equal(kept.get('/a', '2.0.0'), undefined, 'the data changed: rendered again');
  t.equal(kept.get('/b', '1.0.0'), undefined);
  for (let k = 0; k < 300; k++) kept.set(`/p${k}`, '1', page);
  t.equal(kept.get('/a', '1.0.0'), undefined, 'the oldest went first');
  t.ok(kept.get('/p299', '1'), 'the newest are kept');
  t.equal(kept.get('/p43', '1'), undefined, 'no more than 256');
  t.ok(kept.get('/p44', '1'));
});
