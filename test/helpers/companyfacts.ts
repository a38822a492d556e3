// Small companyfacts documents for tests, written in EDGAR's own JSON format and read by the real parser.
import { type CompanyFacts, parseCompanyFacts } from '../../core/sources/sec/companyfacts.js';

export interface FactRow {
  /** us-gaap:Revenues; dei:... */
  concept: string;
  unit?: string;
  start?: string;
  end: string;
  val: number;
  accn: string;
  form?: string;
  filed: string;
  fy?: number | null;
  fp?: string | null;
}

export function companyFactsJson(rows: FactRow[], cik = 999002, entityName = 'Test Co'): string {
  const facts: Record<string, Record<string, { label: string; units: Record<string, unknown[]> }>> = {};
  for (const r of rows) {
    const [taxonomy, concept] = r.concept.split(':') as [string, string];
    const body = ((facts[taxonomy] ??= {})[concept] ??= { label: concept, units: {} });
    const { start, end, val, accn, filed } = r;
    (body.units[r.unit ?? 'USD'] ??= []).push({
      ...(start ? { start } : {}),
      end,
      val,
      accn,
      fy: r.fy ?? null,
      fp: r.fp ?? null,
      form: r.form ?? '10-Q',
      filed,
    });
  }
  return JSON.stringify({ cik, entityName, facts });
}

export function companyFactsOf(rows: FactRow[], cik?: number): CompanyFacts {
  return parseCompanyFacts(companyFactsJson(rows, cik));
}
