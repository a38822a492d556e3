// /v1/glossary and /v1/glossary/{slug}: every term listed, each entry with its related terms, 404 for an unknown slug.
import t from 'tap';
import { GLOSSARY } from '../../../../core/glossary.js';
import { startServer } from '../../../../harness/server.js';

const server = await startServer({ env: { TAPEWIRE_DEMO: '0' } });
t.teardown(() => server.dispose());

t.test('the list and one entry', async (t) => {
  const list = (await (await server.get('/v1/glossary')).json()) as {
    data: { slug: string; type: string; path: string }[];
    page: { nextOffset: null };
  };
  t.same(
    list.data.map((e) => e.slug),
    GLOSSARY.map((e) => e.slug),
  );
  t.match(list.data[0], {
    type: 'glossary',
    key: 'pooled-price',
    label: 'Pooled price',
    path: '/glossary/pooled-price',
    short: String,
  });
  const res = await server.get('/v1/glossary/Z-Score');
  t.equal(res.status, 200, 'any case');
  const { data } = (await res.json()) as {
    data: { term: string; body: string; related: { key: string; path: string }[] };
  };
  t.equal(data.term, 'zScore');
  t.ok(data.body.length > 50);
  t.same(
    data.related.map((r) => r.key),
    ['unusual-move', 'daily-close'],
  );
  t.equal((await server.get('/v1/glossary/nope')).status, 404);
  t.equal((await server.get(`/v1/glossary/${'x'.repeat(121)}`)).status, 422);
});
