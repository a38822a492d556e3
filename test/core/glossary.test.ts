// The glossary: unique URL-safe slugs, every related term defined, the terms the service's own fields use.
import t from 'tap';
import { GLOSSARY } from '../../core/glossary.js';

t.test('slugs are unique and URL-safe, related terms all exist', async (t) => {
  const slugs = GLOSSARY.map((e) => e.slug);
  t.equal(new Set(slugs).size, slugs.length);
  t.ok(slugs.every((s) => /^[a-z0-9]+(-[a-z0-9]+)*$/.test(s)));
  for (const e of GLOSSARY)
    for (const r of e.related) if (!slugs.includes(r) || r === e.slug) t.fail(`${e.slug}: related ${r}`);
  t.ok(GLOSSARY.every((e) => e.short.endsWith('.') && e.body.length > e.short.length));
  for (const needed of ['pooled-price', 'z-score', 'funding-rate', 'open-interest', 'ttm', 'pe-ratio'])
    t.ok(slugs.includes(needed), needed);
});
