// Entity linking for news: which covered companies, instruments and people a story's text names. A company is named
// by its name (with or without its legal suffix: "Apple" for Apple Inc.), a person by their full name, an instrument
// by its name, and either by ticker: in capitals as a whole word (three letters or more, and not a word headlines
// write in capitals, such as CEO or GDP), or in any length as $NVDA or NASDAQ:NVDA. Naming a company links its
// instruments too, and naming an instrument its company, so a story reaches both pages.
import type { Ref } from '../../refs.js';

/** An entity the text may name: its reference, the names it goes by, its tickers, and what it brings along. */
export interface LinkTarget {
  ref: Ref;
  names: string[];
  tickers: string[];
  /** Linked with it (a company's instruments, an instrument's company). */
  with: Ref[];
}

/** Words written in capitals that are not tickers, however a company's ticker reads. */
const NOT_TICKERS = new Set([
  'AI',
  'CEO',
  'CFO',
  'COO',
  'CTO',
  'IPO',
  'ETF',
  'ETFS',
  'USA',
  'US',
  'UK',
  'EU',
  'GDP',
  'CPI',
  'PCE',
  'PMI',
  'SEC',
  'FED',
  'FOMC',
  'EPS',
  'NYSE',
  'NASDAQ',
  'TSE',
  'LSE',
  'AM',
  'PM',
  'TV',
  'IT',
  'ALL',
  'NOW',
  'ONE',
  'BIG',
  'TOP',
  'NEW',
  'ON',
  'FOR',
  'ARE',
  'CAN',
  'HAS',
  'WAS',
  'AND',
  'THE',
  'BUY',
  'SELL',
  'HOLD',
  'USD',
  'EUR',
  'YOY',
  'QOQ',
  'TTM',
  'ESG',
  'API',
  'GPU',
  'CPU',
  'EV',
  'EVS',
  'M&A',
  'LLC',
  'INC',
]);
/** Legal suffixes a company's name is also written without. */
const SUFFIX =
  /[\s,]+(inc\.?|incorporated|corp\.?|corporation|co\.?|company|ltd\.?|limited|plc|holdings?|group|n\.v\.|s\.a\.|ag|se|l\.p\.)$/i;

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

interface Pattern {
  re: RegExp;
  target: number;
}

/** A linker over `targets`, compiled once for many stories. */
export class MentionLinker {
  private readonly patterns: Pattern[] = [];

  constructor(private readonly targets: readonly LinkTarget[]) {
    targets.forEach((t, k) => {
      for (const name of new Set(t.names.flatMap(variants))) {
        // A short name (IBM, GE) only as written; a longer one whatever its case.
        const flags = name.length < 4 ? 'u' : 'iu';
        this.patterns.push({
          re: new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(name)}(?![\\p{L}\\p{N}])`, flags),
          target: k,
        });
      }
      for (const ticker of new Set(t.tickers.map((x) => x.toUpperCase()))) {
        const prefixed = `(?:\\$|\\b[A-Z]{2,8}:\\s?)${escapeRegExp(ticker)}(?![\\p{L}\\p{N}])`;
        const bare =
          ticker.length >= 3 && !NOT_TICKERS.has(ticker)
            ? `|(?<![\\p{L}\\p{N}$:])${escapeRegExp(ticker)}(?![\\p{L}\\p{N}])`
            : '';
        this.patterns.push({ re: new RegExp(prefixed + bare, 'u'), target: k });
      }
    });
  }

  /** The entities `text` names, in the order it first names them, each once, with what each brings along after it. */
  link(text: string): Ref[] {
    const first = new Map<number, number>();
    for (const p of this.patterns) {
      const m = p.re.exec(text);
      if (m && !(first.get(p.target)! <= m.index)) first.set(p.target, m.index);
    }
    const out: Ref[] = [];
    const seen = new Set<string>();
    const add = (r: Ref) => {
      const key = `${r.type}:${r.key.toLowerCase()}`;
      if (!seen.has(key)) {
        seen.add(key);
        out.push(r);
      }
    };
    const named = [...first].sort((a, b) => a[1] - b[1]).map(([k]) => this.targets[k]!);
    for (const t of named) add(t.ref);
    for (const t of named) t.with.forEach(add);
    return out;
  }
}

/**
 * A name and, for a company, the name without its legal suffixes, one by one ("Toho Co., Ltd.", "Toho Co.", "Toho");
 * nothing under two letters.
 */
function variants(name: string): string[] {
  const out = [name.trim()];
  for (let bare = out[0]!.replace(SUFFIX, '').trim(); bare !== out.at(-1); bare = bare.replace(SUFFIX, '').trim())
    out.push(bare);
  return out.filter((n) => n.length >= 2);
}
