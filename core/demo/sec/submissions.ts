// A demo company's submissions JSON as data.sec.gov serves it: the company (name, ticker, exchange, SIC industry,
// fiscal year end as MMDD, state of incorporation) and its filings newest first under `filings.recent`, as EDGAR's
// parallel arrays: its own 8-Ks, 10-Qs and 10-Ks, and the Form 4s filed about its shares.
import { hash32 } from '../history.js';
import { acceptanceDateTime } from './clock.js';
import type { DemoFiler } from './filers.js';
import type { DemoFiling } from './filings.js';

/** The last day of the fiscal year as MMDD (month ends in the demo). */
function fiscalYearEnd(month: number): string {
  const day = new Date(Date.UTC(2023, month, 0)).getUTCDate();
  return `${String(month).padStart(2, '0')}${day}`;
}

export function demoSubmissions(filer: DemoFiler, filings: readonly DemoFiling[]): object {
  const recent = [...filings].sort((a, b) => b.acceptedAt - a.acceptedAt || b.accession.localeCompare(a.accession));
  const column = <T>(pick: (f: DemoFiling) => T) => recent.map(pick);
  const own = (f: DemoFiling) => f.form !== '4';
  return {
    cik: filer.cik,
    entityType: 'operating',
    sic: filer.sic,
    sicDescription: filer.sicDescription,
    insiderTransactionForOwnerExists: 0,
    insiderTransactionForIssuerExists: 1,
    name: filer.legalName,
    tickers: [filer.symbol],
    exchanges: [filer.exchange],
    ein: null,
    description: '',
    website: '',
    investorWebsite: '',
    category: 'Large accelerated filer',
    fiscalYearEnd: fiscalYearEnd(filer.fyEndMonth),
    stateOfIncorporation: filer.stateOfIncorporation,
    stateOfIncorporationDescription: filer.stateOfIncorporation,
    formerNames: [],
    filings: {
      recent: {
        accessionNumber: column((f) => f.accession),
        filingDate: column((f) => f.filingDate),
        reportDate: column((f) => f.reportDate),
        acceptanceDateTime: column((f) => acceptanceDateTime(f.acceptedAt)),
        act: column((f) => (own(f) ? '34' : '')),
        form: column((f) => f.form),
        fileNumber: column((f) => (own(f) ? filer.fileNumber : '')),
        filmNumber: column((f) => (own(f) ? String(240_000_000 + (hash32(f.accession) % 60_000_000)) : '')),
        items: column((f) => f.items.join(',')),
        core_type: column((f) => (f.xbrl ? 'XBRL' : f.form)),
        size: column((f) => f.size),
        isXBRL: column((f) => (f.xbrl ? 1 : 0)),
        isInlineXBRL: column((f) => (f.xbrl ? 1 : 0)),
        primaryDocument: column((f) => f.primaryDocument),
        primaryDocDescription: column((f) => f.primaryDocDescription),
      },
      files: [],
    },
  };
}
