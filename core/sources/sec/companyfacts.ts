// EDGAR's companyfacts JSON (data.sec.gov/api/xbrl/companyfacts/CIK##########.json): every XBRL fact a company has
// filed, grouped by taxonomy, concept and unit. A large filer's file holds tens of thousands of facts, so they are read
// into columns (typed arrays, dates as day numbers, repeated strings interned once) rather than one object per fact.
// Each fact is checked on its own; a malformed one is skipped with where it was and why.
import { parseDay } from '../../days.js';
import { isObject } from '../fields.js';
import { PayloadError, type SkippedItem } from '../records.js';
import { isAccession, padCik } from './ids.js';
import { parseJson } from './json.js';

/** `start` of an instant (a balance at a date rather than a flow over a period). */
export const NO_DAY = -0x80000000;

/** The facts of one concept in one unit: rows `from` (inclusive) to `to` (exclusive) of the columns. */
export interface FactSeries {
  taxonomy: string;
  concept: string;
  label: string | null;
  unit: string;
  from: number;
  to: number;
}

/** One column per field; string columns hold indexes into `strings`, where 0 is the empty string (absent). */
export interface FactColumns {
  /** Day number (see core/days.ts), NO_DAY for an instant. */
  start: Int32Array;
  end: Int32Array;
  value: Float64Array;
  filed: Int32Array;
  /** The filing's fiscal year focus (not necessarily the fact's own year), 0 when absent. */
  fiscalYear: Int16Array;
  /** The filing's fiscal period focus (FY, Q1...), as `strings` index. */
  fiscalPeriod: Uint32Array;
  form: Uint32Array;
  accession: Uint32Array;
  frame: Uint32Array;
}

export interface CompanyFacts {
  cik: string;
  entityName: string;
  series: FactSeries[];
  facts: FactColumns;
  strings: string[];
  skipped: SkippedItem[];
}

/** One fact as an object: for reports and tests, not for loops over every fact. */
export interface FactRecord {
  start: number | null;
  end: number;
  value: number;
  filed: number;
  fiscalYear: number | null;
  fiscalPeriod: string | null;
  form: string;
  accession: string;
  frame: string | null;
}

export function parseCompanyFacts(text: string): CompanyFacts {
  return readCompanyFacts(parseJson(text));
}

/** A companyfacts document already parsed from JSON. */
export function readCompanyFacts(doc: unknown): CompanyFacts {
  if (!isObject(doc) || !isObject(doc.facts))
    throw new PayloadError('not a companyfacts document: expected {"cik", "entityName", "facts": {...}}');
  const cik = padCik(typeof doc.cik === 'number' || typeof doc.cik === 'string' ? doc.cik : '');
  if (!cik) throw new PayloadError('cik: expected a CIK');
  if (typeof doc.entityName !== 'string' || !doc.entityName.trim())
    throw new PayloadError('entityName: expected a non-empty string');

  const reader = new ColumnReader(countFacts(doc.facts));
  for (const [taxonomy, concepts] of Object.entries(doc.facts)) {
    if (!isObject(concepts)) {
      reader.skipped.push({ item: `facts.${taxonomy}`, reason: 'expected an object of concepts' });
      continue;
    }
    for (const [concept, body] of Object.entries(concepts)) {
      const where = `facts.${taxonomy}.${concept}`;
      if (!isObject(body) || !isObject(body.units)) {
        reader.skipped.push({ item: where, reason: 'expected {"units": {...}}' });
        continue;
      }
      const label = typeof body.label === 'string' && body.label.trim() ? body.label.trim() : null;
      for (const [unit, facts] of Object.entries(body.units)) {
        if (!Array.isArray(facts))
          reader.skipped.push({ item: `${where}.units.${unit}`, reason: 'expected a list of facts' });
        else reader.readSeries(taxonomy, concept, label, unit, facts, `${where}.units.${unit}`);
      }
    }
  }
  return { cik, entityName: doc.entityName.trim(), ...reader.result() };
}

/** The series of `concept` (in `unit`, or its first unit), or undefined. */
export function findSeries(cf: CompanyFacts, taxonomy: string, concept: string, unit?: string): FactSeries | undefined {
  return cf.series.find(
    (s) => s.taxonomy === taxonomy && s.concept === concept && (unit === undefined || s.unit === unit),
  );
}

export function factRecord(cf: CompanyFacts, i: number): FactRecord {
  const f = cf.facts;
  const str = (column: Uint32Array) => cf.strings[column[i]!] || null;
  return {
    start: f.start[i] === NO_DAY ? null : f.start[i]!,
    end: f.end[i]!,
    value: f.value[i]!,
    filed: f.filed[i]!,
    fiscalYear: f.fiscalYear[i] || null,
    fiscalPeriod: str(f.fiscalPeriod),
    form: str(f.form) ?? '',
    accession: str(f.accession) ?? '',
    frame: str(f.frame),
  };
}

function countFacts(facts: Record<string, unknown>): number {
  let n = 0;
  for (const concepts of Object.values(facts)) {
    if (!isObject(concepts)) continue;
    for (const body of Object.values(concepts)) {
      if (!isObject(body) || !isObject(body.units)) continue;
      for (const list of Object.values(body.units)) if (Array.isArray(list)) n += list.length;
    }
  }
  return n;
}

class ColumnReader {
  readonly skipped: SkippedItem[] = [];
  private readonly series: FactSeries[] = [];
  private readonly strings: string[] = [''];
  private readonly index = new Map<string, number>([['', 0]]);
  private readonly cols: FactColumns;
  private n = 0;

  constructor(capacity: number) {
    this.cols = {
      start: new Int32Array(capacity),
      end: new Int32Array(capacity),
      value: new Float64Array(capacity),
      filed: new Int32Array(capacity),
      fiscalYear: new Int16Array(capacity),
      fiscalPeriod: new Uint32Array(capacity),
      form: new Uint32Array(capacity),
      accession: new Uint32Array(capacity),
      frame: new Uint32Array(capacity),
    };
  }

  readSeries(
    taxonomy: string,
    concept: string,
    label: string | null,
    unit: string,
    facts: unknown[],
    where: string,
  ): void {
    const from = this.n;
    for (let k = 0; k < facts.length; k++) {
      const reason = this.readFact(facts[k]);
      if (reason) this.skipped.push({ item: `${where}[${k}]`, reason });
    }
    if (this.n > from) this.series.push({ taxonomy, concept, label, unit, from, to: this.n });
  }

  /** Writes the fact into the next row and returns null, or returns why it cannot be read. */
  private readFact(raw: unknown): string | null {
    if (!isObject(raw)) return 'is not an object';
    const end = typeof raw.end === 'string' ? parseDay(raw.end) : null;
    if (end === null) return 'end: expected a date YYYY-MM-DD';
    let start = NO_DAY;
    if (raw.start !== undefined) {
      const day = typeof raw.start === 'string' ? parseDay(raw.start) : null;
      if (day === null) return 'start: expected a date YYYY-MM-DD';
      if (day > end) return 'start: after end';
      start = day;
    }
    if (typeof raw.val !== 'number' || !Number.isFinite(raw.val)) return 'val: expected a number';
    if (typeof raw.accn !== 'string' || !isAccession(raw.accn)) return 'accn: expected an accession number';
    const filed = typeof raw.filed === 'string' ? parseDay(raw.filed) : null;
    if (filed === null) return 'filed: expected a date YYYY-MM-DD';
    if (typeof raw.form !== 'string' || !raw.form.trim() || raw.form.length > 20) return 'form: expected a form type';
    const fy = raw.fy ?? 0;
    if (typeof fy !== 'number' || !Number.isInteger(fy) || (fy !== 0 && (fy < 1900 || fy > 2999)))
      return 'fy: expected a year or null';
    const fp = raw.fp ?? '';
    if (typeof fp !== 'string' || fp.length > 4) return 'fp: expected a fiscal period (FY, Q1...) or null';
    const frame = raw.frame ?? '';
    if (typeof frame !== 'string' || frame.length > 12) return 'frame: expected a frame (CY2024Q1...) or nothing';

    const i = this.n++;
    const c = this.cols;
    c.start[i] = start;
    c.end[i] = end;
    c.value[i] = raw.val;
    c.filed[i] = filed;
    c.fiscalYear[i] = fy;
    c.fiscalPeriod[i] = this.intern(fp);
    c.form[i] = this.intern(raw.form.trim());
    c.accession[i] = this.intern(raw.accn);
    c.frame[i] = this.intern(frame);
    return null;
  }

  private intern(s: string): number {
    let k = this.index.get(s);
    if (k === undefined) {
      k = this.strings.length;
      this.strings.push(s);
      this.index.set(s, k);
    }
    return k;
  }

  result(): Pick<CompanyFacts, 'series' | 'facts' | 'strings' | 'skipped'> {
    const c = this.cols;
    const n = this.n;
    const facts: FactColumns =
      n === c.end.length
        ? c
        : {
            start: c.start.slice(0, n),
            end: c.end.slice(0, n),
            value: c.value.slice(0, n),
            filed: c.filed.slice(0, n),
            fiscalYear: c.fiscalYear.slice(0, n),
            fiscalPeriod: c.fiscalPeriod.slice(0, n),
            form: c.form.slice(0, n),
            accession: c.accession.slice(0, n),
            frame: c.frame.slice(0, n),
          };
    return { series: this.series, facts, strings: this.strings, skipped: this.skipped };
  }
}
