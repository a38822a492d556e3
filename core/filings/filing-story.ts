// The service's story about a filing: 8-K, 10-Q and 10-K (and their amendments) become events citing the filing on
// EDGAR; an 8-K under item 2.02 (results of operations) is an earnings story, the others filing stories. Other forms
// (ownership, proxies, registrations) are listed under /v1/filings but tell no story of their own here.
import { companyRef } from '../refs.js';
import type { StoryRecord } from '../sources/records.js';
import { SEC_SOURCE } from '../sources/sec/index.js';
import type { SecFilingRecord } from '../sources/sec/records.js';

const STORY_FORMS = /^(8-K|10-Q|10-K)(\/A)?$/;

/** What the 8-K items most often seen mean, in the service's words. */
const ITEMS: Record<string, string> = {
  '1.01': 'a material agreement',
  '1.02': 'the end of a material agreement',
  '2.01': 'a completed acquisition or disposal',
  '2.02': 'results of operations',
  '2.03': 'a new financial obligation',
  '2.05': 'exit or restructuring costs',
  '2.06': 'a material impairment',
  '3.01': 'a listing notice',
  '3.02': 'unregistered sales of equity',
  '4.01': 'a change of auditor',
  '4.02': 'financial statements no longer to be relied on',
  '5.02': 'a change of directors or officers',
  '5.03': 'amended articles or bylaws',
  '5.07': 'shareholder vote results',
  '7.01': 'a Regulation FD disclosure',
  '8.01': 'other events',
  '9.01': 'financial statements and exhibits',
};

export function tellsStory(form: string): boolean {
  return STORY_FORMS.test(form.toUpperCase());
}

export function filingStory(f: SecFilingRecord, company: { slug: string; name: string }): StoryRecord {
  const form = f.form.toUpperCase();
  const amended = form.endsWith('/A');
  const base = form.replace(/\/A$/, '');
  const earnings = base === '8-K' && f.items.includes('2.02');
  const period = f.reportDate ? ` for the period ended ${f.reportDate}` : '';
  const what =
    base === '10-K'
      ? `annual report${period}`
      : base === '10-Q'
        ? `quarterly report${period}`
        : earnings
          ? 'results of operations (8-K item 2.02)'
          : `current report (8-K)`;
  const items = f.items.map((i) => (ITEMS[i] ? `item ${i}: ${ITEMS[i]}` : `item ${i}`));
  return {
    source: SEC_SOURCE,
    sourceKey: f.accession,
    kind: earnings ? 'earnings' : 'filing',
    occurredAt: f.acceptedAt ?? Date.parse(`${f.filingDate}T00:00:00Z`),
    precision: f.acceptedAt === null ? 'day' : 'minute',
    headline: `${company.name} ${amended ? 'amends its' : 'files its'} ${what}`,
    summary: `${company.name} filed ${base === '8-K' ? 'an' : 'a'} ${f.form} with the SEC on ${f.filingDate}${items.length ? `, covering ${items.join('; ')}` : ''}.`,
    points: [`Form ${f.form}, accession ${f.accession}`, ...(f.reportDate ? [`Period of report ${f.reportDate}`] : [])],
    importance: amended ? 25 : earnings ? 65 : base === '10-K' ? 55 : base === '10-Q' ? 45 : 35,
    sourceName: 'SEC EDGAR',
    sourceUrl: f.sourceUrl,
    entities: [companyRef(company.slug, company.name)],
  };
}
