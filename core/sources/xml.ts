// A small, strict XML reader for the documents sources send (EDGAR ownership forms, Atom and RSS feeds): elements,
// attributes, text, CDATA, the predefined and numeric entities, comments and processing instructions. Namespaces are
// kept as written (`atom:link`, `xmlns:atom` as an attribute), never resolved. Anything not well-formed is an
// XmlError naming the line and column: a document is read whole or not at all. A DTD may be declared but an internal
// subset is refused, so no entity a document defines can expand.
//
// Kept over a library by measurement (bench/parsers.ts, bench/results/2026-12-07-parsers.md): saxes 6.0.0 reads the
// 13 real payloads to the same trees and refuses the same hostile input, within a factor of two in CPU either way
// (largest Atom feed 0.6-0.7 against 1.1-2.7 ms, largest Form 4 0.65-0.98 against 0.57-1.23), but brings two packages
// and still needs a tree builder of our own. fast-xml-parser 5.12.1 misreads in its defaults (leaves &#39; undecoded
// in an EDGAR feed, accepts <a><b></a>, unknown entities and '<' in attributes), takes 1.4 to 7 times the CPU, and had
// four entity-expansion advisories in 2026.

export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  /** Elements and text, in document order; adjacent text and CDATA are one string. */
  children: XmlNode[];
}

export type XmlNode = XmlElement | string;

export class XmlError extends Error {
  override name = 'XmlError';
}

const NAME = /[A-Za-z_:\u00C0-\uFFFF][\w.\-:\u00B7\u00C0-\uFFFF]*/y;
// Characters XML 1.0 does not allow anywhere (tab, newline and carriage return are allowed).
// biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters XML forbids are what it finds.
const FORBIDDEN_CHAR = /[\0-\x08\x0B\x0C\x0E-\x1F\uFFFE\uFFFF]/;
const PREDEFINED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/** The root element of an XML document. */
export function parseXml(input: string): XmlElement {
  return new Reader(input).document();
}

/** The child elements of `el`, or those named `name`. */
export function childElements(el: XmlElement, name?: string): XmlElement[] {
  const out: XmlElement[] = [];
  for (const c of el.children) if (typeof c !== 'string' && (name === undefined || c.name === name)) out.push(c);
  return out;
}

/** The first child element of `el` named `name`. */
export function firstChild(el: XmlElement, name: string): XmlElement | undefined {
  for (const c of el.children) if (typeof c !== 'string' && c.name === name) return c;
  return undefined;
}

/** The text of `el` and of every element inside it, in order. */
export function textOf(el: XmlElement): string {
  let out = '';
  for (const c of el.children) out += typeof c === 'string' ? c : textOf(c);
  return out;
}

class Reader {
  private readonly s: string;
  private pos = 0;

  constructor(input: string) {
    // The XML spec normalizes every line ending to a newline before parsing.
    this.s = input.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
    const bad = FORBIDDEN_CHAR.exec(this.s);
    if (bad) {
      this.pos = bad.index;
      this.fail(
        `character U+${bad[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')} is not allowed in XML`,
      );
    }
  }

  document(): XmlElement {
    if (this.s.startsWith('<?xml') && /[\s?]/.test(this.s[5] ?? '')) this.processingInstruction(true);
    this.misc(true);
    if (this.s[this.pos] !== '<')
      this.fail(this.pos >= this.s.length ? 'no root element' : 'text before the root element');
    const root = this.element();
    this.misc(false);
    if (this.pos < this.s.length) this.fail('content after the root element');
    return root;
  }

  /** Comments, processing instructions and white space around the root (and a DOCTYPE before it). */
  private misc(beforeRoot: boolean): void {
    let doctypeSeen = false;
    for (;;) {
      this.skipSpace();
      if (this.s.startsWith('<!--', this.pos)) this.comment();
      else if (this.s.startsWith('<?', this.pos)) this.processingInstruction(false);
      else if (beforeRoot && !doctypeSeen && this.s.startsWith('<!DOCTYPE', this.pos)) {
        this.doctype();
        doctypeSeen = true;
      } else return;
    }
  }

  /** The element at `pos` and everything inside it, read without recursion so depth cannot overflow the stack. */
  private element(): XmlElement {
    const stack: XmlElement[] = [];
    let root: XmlElement | null = null;
    for (;;) {
      const open = stack[stack.length - 1];
      if (!open) {
        if (root) return root;
        const start = this.startTag();
        if (start.selfClosing) return start.el;
        root = start.el;
        stack.push(start.el);
        continue;
      }
      const lt = this.s.indexOf('<', this.pos);
      if (lt === -1) {
        this.pos = this.s.length;
        this.fail(`<${open.name}> is not closed`);
      }
      if (lt > this.pos) this.addText(open, this.text(this.pos, lt));
      this.pos = lt;
      if (this.s.startsWith('</', lt)) {
        this.pos += 2;
        const name = this.name();
        this.skipSpace();
        this.expect('>');
        if (name !== open.name) {
          this.pos = lt;
          this.fail(`</${name}> closes <${open.name}>`);
        }
        stack.pop();
      } else if (this.s.startsWith('<!--', lt)) this.comment();
      else if (this.s.startsWith('<![CDATA[', lt)) {
        const end = this.s.indexOf(']]>', lt + 9);
        if (end === -1) this.fail('CDATA section is not closed');
        this.addText(open, this.s.slice(lt + 9, end));
        this.pos = end + 3;
      } else if (this.s.startsWith('<?', lt)) this.processingInstruction(false);
      else if (this.s.startsWith('<!', lt)) this.fail('markup declarations are only allowed before the root element');
      else {
        const start = this.startTag();
        open.children.push(start.el);
        if (!start.selfClosing) stack.push(start.el);
      }
    }
  }

  private startTag(): { el: XmlElement; selfClosing: boolean } {
    this.expect('<');
    const el: XmlElement = { name: this.name(), attributes: {}, children: [] };
    for (;;) {
      const before = this.pos;
      this.skipSpace();
      if (this.s.startsWith('/>', this.pos)) {
        this.pos += 2;
        return { el, selfClosing: true };
      }
      if (this.s[this.pos] === '>') {
        this.pos += 1;
        return { el, selfClosing: false };
      }
      if (this.pos === before) this.fail(`expected white space, '>' or '/>' in <${el.name}>`);
      const name = this.name();
      this.skipSpace();
      this.expect('=');
      this.skipSpace();
      if (Object.hasOwn(el.attributes, name)) this.fail(`attribute ${name} is given twice in <${el.name}>`);
      el.attributes[name] = this.attributeValue();
    }
  }

  private attributeValue(): string {
    const quote = this.s[this.pos];
    if (quote !== '"' && quote !== "'") this.fail('attribute value must be quoted');
    const end = this.s.indexOf(quote, this.pos + 1);
    if (end === -1) this.fail('attribute value is not closed');
    const raw = this.s.slice(this.pos + 1, end);
    const lt = raw.indexOf('<');
    if (lt !== -1) {
      this.pos += 1 + lt;
      this.fail("'<' is not allowed in an attribute value");
    }
    const value = this.decode(raw, this.pos + 1).replace(/[\t\n]/g, ' ');
    this.pos = end + 1;
    return value;
  }

  private text(from: number, to: number): string {
    const raw = this.s.slice(from, to);
    const cdataEnd = raw.indexOf(']]>');
    if (cdataEnd !== -1) {
      this.pos = from + cdataEnd;
      this.fail("']]>' is not allowed in text");
    }
    return this.decode(raw, from);
  }

  private addText(el: XmlElement, text: string): void {
    const last = el.children.length - 1;
    if (last >= 0 && typeof el.children[last] === 'string') el.children[last] += text;
    else el.children.push(text);
  }

  /** Entity and character references of `raw` (found at `offset`) replaced by their characters. */
  private decode(raw: string, offset: number): string {
    if (!raw.includes('&')) return raw;
    let out = '';
    let from = 0;
    for (let amp = raw.indexOf('&'); amp !== -1; amp = raw.indexOf('&', from)) {
      const semi = raw.indexOf(';', amp);
      const ref = semi === -1 ? '' : raw.slice(amp + 1, semi);
      const char = this.reference(ref);
      if (char === null) {
        this.pos = offset + amp;
        if (semi === -1 || !/^[#\w.:-]+$/.test(ref)) this.fail("'&' must start an entity reference");
        this.fail(ref[0] === '#' ? `&${ref}; is not a character XML allows` : `unknown entity &${ref};`);
      }
      out += raw.slice(from, amp) + char;
      from = semi + 1;
    }
    return out + raw.slice(from);
  }

  private reference(ref: string): string | null {
    if (ref[0] !== '#') return Object.hasOwn(PREDEFINED, ref) ? PREDEFINED[ref]! : null;
    const hex = ref[1] === 'x';
    const digits = ref.slice(hex ? 2 : 1);
    if (!(hex ? /^[0-9a-fA-F]{1,6}$/ : /^[0-9]{1,7}$/).test(digits)) return null;
    const code = parseInt(digits, hex ? 16 : 10);
    if (code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return null;
    const char = String.fromCodePoint(code);
    return FORBIDDEN_CHAR.test(char) ? null : char;
  }

  private comment(): void {
    const end = this.s.indexOf('-->', this.pos + 4);
    if (end === -1) this.fail('comment is not closed');
    const body = this.s.slice(this.pos + 4, end);
    if (body.includes('--') || body.endsWith('-')) this.fail("'--' is not allowed inside a comment");
    this.pos = end + 3;
  }

  private processingInstruction(isDeclaration: boolean): void {
    const end = this.s.indexOf('?>', this.pos + 2);
    if (end === -1) this.fail('processing instruction is not closed');
    this.pos += 2;
    const target = this.name();
    if (!isDeclaration && target.toLowerCase() === 'xml')
      this.fail('the XML declaration is only allowed at the very start');
    this.pos = end + 2;
  }

  private doctype(): void {
    const close = this.s.indexOf('>', this.pos);
    const subset = this.s.indexOf('[', this.pos);
    if (subset !== -1 && (close === -1 || subset < close)) this.fail('a DTD internal subset is not supported');
    if (close === -1) this.fail('DOCTYPE is not closed');
    this.pos = close + 1;
  }

  // test() and lastIndex rather than exec(): no match array to allocate for every name in the document.
  private name(): string {
    NAME.lastIndex = this.pos;
    if (!NAME.test(this.s)) this.fail('expected a name');
    const start = this.pos;
    this.pos = NAME.lastIndex;
    return this.s.slice(start, this.pos);
  }

  private skipSpace(): void {
    let c = this.s.charCodeAt(this.pos);
    while (c === 32 || c === 9 || c === 10) c = this.s.charCodeAt(++this.pos);
  }

  private expect(char: string): void {
    if (this.s[this.pos] !== char) this.fail(`expected '${char}'`);
    this.pos += 1;
  }

  private fail(message: string): never {
    const before = this.s.slice(0, this.pos);
    const line = before.split('\n').length;
    const column = this.pos - before.lastIndexOf('\n');
    throw new XmlError(`${message} (line ${line}, column ${column})`);
  }
}
