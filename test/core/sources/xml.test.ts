// The XML reader: what it reads (elements, attributes, text, CDATA, entities, comments, PIs, prefixes) and what it
// refuses, each refusal naming where the document went wrong.

import fc from 'fast-check';
import t from 'tap';
import { childElements, firstChild, parseXml, textOf, type XmlElement, XmlError } from '../../../core/sources/xml.js';
import { thrownBy } from '../../helpers/thrown.js';

t.test('reads elements, attributes and text in order, with or without a declaration', async (t) => {
  for (const prolog of [
    '',
    '<?xml version="1.0"?>\n',
    '<?xml version="1.0" encoding="ISO-8859-1" ?>',
    '\uFEFF<?xml version="1.0"?>',
  ]) {
    const root = parseXml(`${prolog}<a x="1" y='two'><b>hi</b> and <c/><b>there</b></a>`);
    t.equal(root.name, 'a');
    t.same(root.attributes, { x: '1', y: 'two' });
    t.same(
      childElements(root).map((e) => e.name),
      ['b', 'c', 'b'],
    );
    t.same(childElements(root, 'b').map(textOf), ['hi', 'there']);
    t.equal(textOf(root), 'hi and there');
    t.equal(firstChild(root, 'c')?.children.length, 0);
    t.equal(firstChild(root, 'd'), undefined);
  }
});

t.test('entities, numeric references and CDATA become the characters they stand for', async (t) => {
  const root = parseXml(
    '<r a="&lt;&amp;&#65;&#x42;&quot;">&lt;&gt;&amp;&apos;&quot; &#8364;&#x1F600;<![CDATA[<not & markup>]]>tail</r>',
  );
  t.equal(root.attributes.a, '<&AB"');
  t.same(root.children, ['<>&\'" €😀<not & markup>tail'], 'text, references and CDATA merge into one text node');
});

t.test('comments, processing instructions and a DOCTYPE without internal subset are skipped', async (t) => {
  const root = parseXml(
    '<?xml version="1.0"?>\n<!DOCTYPE feed>\n<!-- before --><?pi data?>\n<feed><!-- in --><?x y?>a<![CDATA[]]>b</feed>\n<!-- after -->\n',
  );
  t.same(root.children, ['ab']);
});

t.test('namespaces are kept as the prefixes the document wrote', async (t) => {
  const root = parseXml(
    '<feed xmlns="http://www.w3.org/2005/Atom" xmlns:media="http://search.yahoo.com/mrss/"><media:content url="u"/></feed>',
  );
  t.equal(root.attributes.xmlns, 'http://www.w3.org/2005/Atom');
  t.equal(root.attributes['xmlns:media'], 'http://search.yahoo.com/mrss/');
  t.equal(childElements(root)[0]?.name, 'media:content');
});

t.test('line endings become newlines and white space in attribute values becomes spaces', async (t) => {
  const root = parseXml('<r a="x\ty\r\nz">one\r\ntwo\rthree</r>');
  t.equal(root.attributes.a, 'x y z');
  t.same(root.children, ['one\ntwo\nthree']);
});

t.test('a deep document is read without overflowing the stack', async (t) => {
  const depth = 100_000;
  let el: XmlElement | undefined = parseXml(`${'<a>'.repeat(depth)}x${'</a>'.repeat(depth)}`);
  let n = 0;
  while (el && typeof el.children[0] !== 'string') {
    el = childElements(el)[0];
    n++;
  }
  t.equal(n, depth - 1);
});

t.test('what is not well-formed is refused with where it went wrong', async (t) => {
  const cases: [string, RegExp][] = [
    ['', /no root element/],
    ['   ', /no root element/],
    ['text<a/>', /text before the root element/],
    ['<a>', /<a> is not closed/],
    ['<a><b></a>', /<\/a> closes <b>/],
    ['<a></b>', /<\/b> closes <a>/],
    ['<a/><b/>', /content after the root element/],
    ['<a/>text', /content after the root element/],
    ['<a x=1/>', /must be quoted/],
    ['<a x="1" x="2"/>', /given twice/],
    ['<a x="1"y="2"/>', /expected white space/],
    ['<a x="<"/>', /'<' is not allowed/],
    ['<a x="1/>', /attribute value is not closed/],
    ['<a>&nbsp;</a>', /unknown entity &nbsp;/],
    ['<a>AT&T</a>', /'&' must start an entity reference/],
    ['<a>&#0;</a>', /&#0; is not a character XML allows/],
    ['<a>&#xD800;</a>', /&#xD800; is not a character XML allows/],
    ['<a>&#x110000;</a>', /&#x110000; is not a character XML allows/],
    ['<a>&#x41</a>', /'&' must start an entity reference/],
    ['<a>]]></a>', /']]>' is not allowed in text/],
    ['<a><![CDATA[x</a>', /CDATA section is not closed/],
    ['<a><!-- x -- y --></a>', /'--' is not allowed/],
    ['<a><!-- x </a>', /comment is not closed/],
    ['<a><?xml version="1.0"?></a>', /only allowed at the very start/],
    ['<!DOCTYPE a [<!ENTITY x "y">]><a>&x;</a>', /internal subset is not supported/],
    ['<a><!DOCTYPE a></a>', /markup declarations/],
    ['<a>\u0001</a>', /U\+0001 is not allowed/],
    ['<1a/>', /expected a name/],
    ['<a', /expected white space, '>' or '\/>' in <a>/],
  ];
  for (const [doc, why] of cases) {
    t.throws(() => parseXml(doc), { name: 'XmlError', message: why }, JSON.stringify(doc));
  }
  t.type(
    thrownBy(() => parseXml('<a/')),
    XmlError,
  );
  t.throws(() => parseXml('<a>\n  <b>\n</a>'), { message: '</a> closes <b> (line 3, column 1)' });
});

t.test('any text survives escaping and reading back', async (t) => {
  const escapeXml = (s: string) =>
    s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the characters XML cannot carry are what it drops.
  const notXml = /[\0-\x08\x0B\x0C\x0E-\x1F\r\uFFFE\uFFFF]/g;
  const xmlChar = fc.string({ unit: 'grapheme', maxLength: 40 }).map((s) => s.replace(notXml, ''));
  fc.assert(
    fc.property(xmlChar, xmlChar, (text, attr) => {
      const root = parseXml(`<r v="${escapeXml(attr)}">${escapeXml(text)}</r>`);
      if (textOf(root) !== text)
        throw new Error(`text ${JSON.stringify(text)} read as ${JSON.stringify(textOf(root))}`);
      if (root.attributes.v !== attr.replace(/[\t\n]/g, ' ')) throw new Error(`attribute ${JSON.stringify(attr)}`);
    }),
  );
  t.pass('random texts and attribute values');
});

t.test('hostile documents: entity bombs and external entities are refused before any expansion', async (t) => {
  const laughs = `<!DOCTYPE r [<!ENTITY a "lol">${Array.from({ length: 9 }, (_, i) => `<!ENTITY ${String.fromCharCode(98 + i)} "${`&${String.fromCharCode(97 + i)};`.repeat(10)}">`).join('')}]><r>&j;</r>`;
  const quadratic = `<!DOCTYPE r [<!ENTITY a "${'A'.repeat(10_000)}">]><r>${'&a;'.repeat(10_000)}</r>`;
  const external = '<!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd">]><r>&x;</r>';
  for (const [what, doc] of [
    ['billion laughs', laughs],
    ['one entity referenced 10,000 times', quadratic],
    ['an external entity', external],
  ] as const) {
    t.throws(
      () => parseXml(doc),
      { name: 'XmlError', message: /internal subset is not supported \(line 1, column 1\)/ },
      what,
    );
  }
  // A DOCTYPE naming an external DTD is allowed and never read: nothing it could define is known, so its entities fail.
  t.throws(() => parseXml('<!DOCTYPE r SYSTEM "http://example.com/r.dtd"><r>&x;</r>'), {
    message: /unknown entity &x;/,
  });
  t.same(parseXml('<!DOCTYPE r SYSTEM "r.dtd"><r>ok</r>').children, ['ok']);
});

t.test('a byte-order mark before the declaration, CRLF line ends, and a million character references', async (t) => {
  t.same(textOf(parseXml('\uFEFF<?xml version="1.0" encoding="UTF-8"?>\r\n<r>\r\n<b>x</b>\r\n</r>')), '\nx\n');
  t.throws(
    () => parseXml('<?xml version="1.0"?>\uFEFF<r/>'),
    { name: 'XmlError' },
    'a BOM is only a BOM at the very start',
  );
  const refs = parseXml(`<r>${'&#65;'.repeat(1_000_000)}</r>`);
  t.equal(textOf(refs), 'A'.repeat(1_000_000), 'read in linear time: each reference once');
});
