// bench:parsers (run by hand) — the hand-written XML reader (core/sources/xml.ts) and CSV readers
// (core/sources/history/csv.ts, core/sources/fred/csv.ts) against the libraries their field uses: saxes and
// fast-xml-parser for XML, csv-parse for CSV. Three questions, printed as figures: do they read every real payload
// in ../shared/realdata the same; what does each do with hostile input; how fast are they on the largest payloads.
// The libraries are not the project's: install them in a scratch folder first and name it in PARSERS_DIR
//   mkdir -p /tmp/parsers && cd /tmp/parsers && npm init -y && npm i saxes@6.0.0 fast-xml-parser@5.12.1 csv-parse@7.0.3
//   PARSERS_DIR=/tmp/parsers node --import tsx bench/parsers.ts
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { readFredCsv } from '../core/sources/fred/csv.js';
import { csvRows } from '../core/sources/history/csv.js';
import { stooqHistory } from '../core/sources/history/stooq.js';
import { parseXml, type XmlElement } from '../core/sources/xml.js';
import { readRealdata, realdataFiles } from '../harness/realdata.js';

const lib = createRequire(join(process.env.PARSERS_DIR ?? '/tmp/parsers', 'package.json'));
/** The part of saxes' API used here (the package is not installed in the project, so neither are its types). */
interface Saxes {
  on(event: 'error', fn: (e: Error) => void): void;
  on(event: 'opentag', fn: (tag: { name: string; attributes: Record<string, string> }) => void): void;
  on(event: 'closetag' | 'text' | 'cdata', fn: (value: string) => void): void;
  write(s: string): { close(): void };
}
const { SaxesParser } = lib('saxes') as { SaxesParser: new (o: object) => Saxes };
const { XMLParser } = lib('fast-xml-parser') as { XMLParser: new (o: object) => { parse(s: string): unknown } };
const { parse: csvParse } = lib('csv-parse/sync') as { parse(s: string, o: object): string[][] };
const RUNS = Number(process.env.BENCH_RUNS ?? 30);

/** One shape for every reader's tree: [name, attributes, children], text merged, white-space-only text left out. */
type Node = Element | string;
type Element = [string, Record<string, string>, Node[]];

function push(children: (Node | string)[], text: string): void {
  const last = children.length - 1;
  if (last >= 0 && typeof children[last] === 'string') children[last] += text;
  else children.push(text);
}

const tidy = (n: Node): Node =>
  typeof n === 'string'
    ? n
    : [n[0], { ...n[1] }, n[2].filter((c) => typeof c !== 'string' || c.trim() !== '').map(tidy)];

/** The hand-written reader's tree in the shared shape, without recursion: a hostile document may be 100,000 deep. */
function handTree(root: XmlElement): Node {
  const out: Element = [root.name, root.attributes, []];
  const stack: [XmlElement, Node[]][] = [[root, out[2]]];
  while (stack.length) {
    const [el, children] = stack.pop()!;
    for (const c of el.children) {
      if (typeof c === 'string') children.push(c);
      else {
        const n: Element = [c.name, c.attributes, []];
        children.push(n);
        stack.push([c, n[2]]);
      }
    }
  }
  return out;
}

function saxesTree(text: string): Node {
  const parser = new SaxesParser({ xmlns: false });
  const stack: Node[] = [];
  let root: Node | null = null;
  parser.on('error', (e) => {
    throw e;
  });
  parser.on('opentag', (tag) => {
    const node: Node = [tag.name, { ...tag.attributes }, []];
    const top = stack.at(-1);
    if (top && typeof top !== 'string') top[2].push(node);
    else root = node;
    stack.push(node);
  });
  parser.on('closetag', () => void stack.pop());
  const onText = (t: string) => {
    const top = stack.at(-1);
    if (top && typeof top !== 'string') push(top[2], t);
  };
  parser.on('text', onText);
  parser.on('cdata', onText);
  parser.write(text).close();
  if (!root) throw new Error('no root');
  return root;
}

const fxp = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
});

function fxpTree(text: string): Node {
  const convert = (items: Record<string, unknown>[]): (Node | string)[] => {
    const out: (Node | string)[] = [];
    for (const item of items) {
      if ('#text' in item) push(out, String(item['#text']));
      else {
        const name = Object.keys(item).find((k) => k !== ':@')!;
        out.push([
          name,
          (item[':@'] as Record<string, string>) ?? {},
          convert(item[name] as Record<string, unknown>[]),
        ]);
      }
    }
    return out;
  };
  const top = convert(fxp.parse(text) as Record<string, unknown>[]).filter((n) => typeof n !== 'string');
  if (top.length !== 1) throw new Error(`${top.length} root elements`);
  return top[0]!;
}

const XML_READERS: [string, (s: string) => Node][] = [
  ['hand-written', (s) => handTree(parseXml(s))],
  ['saxes', saxesTree],
  ['fast-xml-parser', fxpTree],
];

/**
 * CPU milliseconds (user + system, the GC's threads included) a call: on a shared machine under load, wall time
 * measures the neighbours as much as the parser.
 */
function msPer(fn: () => unknown): number {
  for (let k = 0; k < 3; k++) fn();
  const t0 = process.cpuUsage();
  for (let k = 0; k < RUNS; k++) fn();
  const used = process.cpuUsage(t0);
  return (used.user + used.system) / 1000 / RUNS;
}

/** What a reader did with an input: how much text it returned, or its error; and how long it took. */
function outcome(read: () => unknown, size: (r: unknown) => string): string {
  const t0 = performance.now();
  try {
    const r = read();
    return `read: ${size(r)} (${(performance.now() - t0).toFixed(1)} ms)`;
  } catch (err) {
    return `refused: ${String((err as Error).message)
      .split('\n')[0]!
      .slice(0, 70)} (${(performance.now() - t0).toFixed(1)} ms)`;
  }
}

/** The characters of text in a tree and its depth, without recursion. */
function summary(root: Node): string {
  let chars = 0;
  let deepest = 0;
  const stack: [Node, number][] = [[root, 1]];
  while (stack.length) {
    const [n, d] = stack.pop()!;
    if (typeof n === 'string') chars += n.length;
    else {
      deepest = Math.max(deepest, d);
      for (const c of n[2]) stack.push([c, d + 1]);
    }
  }
  return `${chars.toLocaleString('en')} chars of text, depth ${deepest.toLocaleString('en')}`;
}

console.log(`bench:parsers — node ${process.version}, ${RUNS} runs a figure\n`);
console.log('## XML: the real payloads (same tree as the hand-written reader: elements, attributes, text)\n');
const xmlFiles = realdataFiles('').filter((f) => f.endsWith('.xml'));
for (const file of xmlFiles) {
  const text = readRealdata(file);
  const trees = XML_READERS.map(([name, read]) => {
    try {
      return [name, JSON.stringify(tidy(read(text)))] as const;
    } catch (err) {
      return [name, `error ${(err as Error).message}`] as const;
    }
  });
  const same = trees
    .slice(1)
    .map(
      ([name, t]) => `${name} ${t === trees[0]![1] ? 'same' : t.startsWith('error') ? t.slice(0, 60) : 'DIFFERENT'}`,
    );
  console.log(`- ${file} (${text.length} chars): ${same.join(', ')}`);
}

const NEST = 100_000;
const HOSTILE_XML: [string, string][] = [
  [
    'billion laughs (10 nested entities)',
    `<!DOCTYPE r [<!ENTITY a "lol">${Array.from({ length: 9 }, (_, i) => `<!ENTITY ${String.fromCharCode(98 + i)} "${`&${String.fromCharCode(97 + i)};`.repeat(10)}">`).join('')}]><r>&j;</r>`,
  ],
  [
    'one 10 KB entity referenced 10,000 times (100 MB)',
    `<!DOCTYPE r [<!ENTITY a "${'A'.repeat(10_000)}">]><r>${'&a;'.repeat(10_000)}</r>`,
  ],
  ['external entity (file:///etc/hostname)', '<!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/hostname">]><r>&x;</r>'],
  ['1,000,000 numeric references &#65;', `<r>${'&#65;'.repeat(1_000_000)}</r>`],
  [`${NEST.toLocaleString('en')} nested elements`, `${'<a>'.repeat(NEST)}x${'</a>'.repeat(NEST)}`],
  ['BOM, declaration, CRLF', '\uFEFF<?xml version="1.0" encoding="UTF-8"?>\r\n<r>\r\n<b>x</b>\r\n</r>'],
  ['mismatched close <a><b></a>', '<a><b></a>'],
  ['unknown entity &nbsp;', '<r>&nbsp;</r>'],
  ["'<' in an attribute", '<r a="<"/>'],
  ['two roots', '<a/><b/>'],
];
console.log('\n## XML: hostile input\n');
for (const [what, doc] of HOSTILE_XML) {
  console.log(`- ${what} (${doc.length.toLocaleString('en')} chars)`);
  for (const [name, read] of XML_READERS) {
    console.log(
      `    ${name.padEnd(16)} ${outcome(
        () => read(doc),
        (n) => summary(n as Node),
      )}`,
    );
  }
}

// Each reader to its own tree: the hand-written one's XmlElement, saxes' events into the shared shape (what a reader of
// it would build), fast-xml-parser's ordered arrays.
const XML_SPEED: [string, (s: string) => unknown][] = [
  ['hand-written', parseXml],
  ['saxes', saxesTree],
  ['fast-xml-parser', (s) => fxp.parse(s)],
];
console.log('\n## XML: speed, CPU ms a parse to a tree (median of 3 batches)\n');
const atom = readRealdata('sec_edgar/feeds/getcurrent_all_count100_start0.atom.xml');
const entries = atom.slice(atom.indexOf('<entry>'), atom.lastIndexOf('</entry>') + 8);
const bigAtom = atom.replace(entries, entries.repeat(20));
const largestForm4 = readRealdata('sec_edgar/form4/berkshire-buffett_LEN_2026-09-23_form4.xml');
for (const [what, doc] of [
  ['Form 4 (largest, 23 KB)', largestForm4],
  ['Atom feed (largest, 57 KB)', atom],
  ['Atom feed x20 entries', bigAtom],
] as const) {
  const cells = XML_SPEED.map(([name, read]) => {
    const ms = [msPer(() => read(doc)), msPer(() => read(doc)), msPer(() => read(doc))].sort((a, b) => a - b)[1]!;
    return `${name} ${ms.toFixed(3)}`;
  });
  console.log(`- ${what}, ${(doc.length / 1024).toFixed(0)} KB: ${cells.join(' | ')}`);
}

// CSV. csv-parse's options are the hand-written readers' rules: a BOM dropped, blank lines skipped, cells trimmed.
const csvLib = (s: string) => csvParse(s, { bom: true, skip_empty_lines: true, trim: true, relax_column_count: true });
console.log('\n## CSV: the real payloads (same rows and cells as csv-parse)\n');
let sameFiles = 0;
const csvFiles = realdataFiles('').filter((f) => f.endsWith('.csv'));
for (const file of csvFiles) {
  const text = readRealdata(file);
  const a = JSON.stringify(csvRows(text));
  const b = JSON.stringify(csvLib(text));
  if (a === b) sameFiles++;
  else console.log(`- ${file}: DIFFERENT`);
}
console.log(`- ${sameFiles} of ${csvFiles.length} files: the same rows and cells`);

const fredHeader = 'date,value\n';
const stooqHeader = 'Date,Open,High,Low,Close,Volume\n';
const HOSTILE_CSV: [string, string, (s: string) => string][] = [
  ['FRED: a quoted thousands separator "1,234.5"', `${fredHeader}2020-01-01,"1,234.5"\n2020-01-02,5\n`, fredOutcome],
  ['FRED: a quoted newline', `${fredHeader}2020-01-01,"12\n34"\n2020-01-02,5\n`, fredOutcome],
  ['FRED: an unclosed quote', `${fredHeader}2020-01-01,"5\n2020-01-02,6\n2020-01-03,7\n`, fredOutcome],
  ['FRED: BOM, CRLF, quoted header', `\uFEFF"Date","FEDFUNDS"\r\n2020-01-01,1.5\r\n2020-02-01,1.6\r\n`, fredOutcome],
  [
    'Stooq: a quoted thousands separator in Volume',
    `${stooqHeader}2020-01-02,1,2,0.5,1.5,"1,000"\n2020-01-03,1,2,0.5,1.5,900\n`,
    stooqOutcome,
  ],
  [
    'Stooq: a quoted newline in Close',
    `${stooqHeader}2020-01-02,1,2,0.5,"1\n5",10\n2020-01-03,1,2,0.5,1.5,900\n`,
    stooqOutcome,
  ],
  ['Stooq: a 1 MB line', `${stooqHeader}2020-01-02,1,2,0.5,1.5,${'9'.repeat(1 << 20)}\n`, stooqOutcome],
];
function fredOutcome(s: string): string {
  const r = readFredCsv(s, 'X');
  return `${r.observations.length} kept (${r.observations.map((o) => o.value).join(', ')}), ${r.skipped.length} skipped`;
}
function stooqOutcome(s: string): string {
  const r = stooqHistory(s, 'aapl_us_d.csv');
  return `${r.bars.length} kept (closes ${Array.from(r.bars.close.subarray(0, r.bars.length)).join(', ')}; volumes ${Array.from(r.bars.volumeBase.subarray(0, r.bars.length)).join(', ')}), ${r.bars.skipped.length} skipped`;
}
console.log("\n## CSV: hostile input — the project's reader, and how each splitter cuts it\n");
for (const [what, doc, reader] of HOSTILE_CSV) {
  console.log(`- ${what}`);
  console.log(
    `    reader          ${outcome(
      () => reader(doc),
      (r) => String(r),
    )}`,
  );
  console.log(
    `    hand-written    ${outcome(
      () => csvRows(doc),
      (r) => JSON.stringify(r).slice(0, 90),
    )}`,
  );
  console.log(
    `    csv-parse       ${outcome(
      () => csvLib(doc),
      (r) => JSON.stringify(r).slice(0, 90),
    )}`,
  );
}

console.log('\n## CSV: speed, CPU ms to split a file into rows of cells (median of 3 batches)\n');
for (const file of [
  'equities_daily/stooq/msft_us_d.csv',
  'equities_daily/stooq/aapl_us_d.csv',
  'fred/csv_date_value/T10Y2Y.csv',
  'crypto/binance/data.binance.vision_spot_klines_BTCUSDT-1h-2022-01.csv',
]) {
  const text = readRealdata(file);
  const med = (fn: () => unknown) => [msPer(fn), msPer(fn), msPer(fn)].sort((a, b) => a - b)[1]!;
  const hand = med(() => csvRows(text));
  const libMs = med(() => csvLib(text));
  const extra = file.startsWith('fred/')
    ? `, whole FRED reader ${med(() => readFredCsv(text, 'T10Y2Y')).toFixed(3)}`
    : '';
  console.log(
    `- ${file}, ${(text.length / 1024).toFixed(0)} KB: hand-written ${hand.toFixed(3)} | csv-parse ${libMs.toFixed(3)}${extra}`,
  );
}
