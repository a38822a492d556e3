// The template layer: text is escaped wherever it is interpolated, only fragments built by `html` pass as markup,
// JSON data blocks cannot be closed from inside, and only http(s) addresses become links.
import t from 'tap';
import { html, jsonData } from '../../../server/web/html.js';
import { isUrl, refLink, sourceLink } from '../../../server/web/parts.js';

t.test('interpolated text is escaped, in content and in attributes', (t) => {
  const evil = `<script>alert("x")</script>&'`;
  t.equal(
    html`<p title="${evil}">${evil}</p>`.text,
    '<p title="&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&amp;&#39;">&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&amp;&#39;</p>',
  );
  t.equal(
    html`<ul>${['<a>', html`<li>${'<b>'}</li>`]}</ul>`.text,
    '<ul>&lt;a&gt;<li>&lt;b&gt;</li></ul>',
    'lists mix text and fragments',
  );
  t.equal(html`${null}${undefined}${false}${0}`.text, '0', 'nothing renders as nothing');
  t.end();
});

t.test('a JSON data block cannot be closed by its data', (t) => {
  const out = jsonData({ headline: '</script><script>alert(1)</script>' }).text;
  t.notMatch(out, /<\/script>/);
  t.same(JSON.parse(out), { headline: '</script><script>alert(1)</script>' });
  t.end();
});

t.test('links: refs by their path, addresses only when http(s)', (t) => {
  t.equal(
    refLink({ type: 'company', key: 'x', label: '<X>', path: '/companies/x' }).text,
    '<a href="/companies/x">&lt;X&gt;</a>',
  );
  t.equal(refLink({ type: 'catalyst', key: '1', label: 'C', path: null }).text, '<span>C</span>', 'no path, no link');
  t.notOk(isUrl('javascript:alert(1)'));
  t.notOk(isUrl('https://a.example/ b'));
  t.ok(isUrl('https://wire.example/2026/11/20/x'));
  t.equal(
    sourceLink('javascript:alert(1)', 'Wire').text,
    'Wire',
    'a source whose address is not http(s) is named, not linked',
  );
  t.equal(
    sourceLink('https://wire.example/x', '<W>').text,
    '<a href="https://wire.example/x" rel="noopener nofollow">&lt;W&gt;</a>',
  );
  t.end();
});
