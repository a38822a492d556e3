// A company's SEC filings, newest first, each citing the filing on EDGAR and the service's story about it; and the
// filing behind a story.

import type { Static } from '@sinclair/typebox';
import { validationError } from '../../../core/errors.js';
import { companyRef, type Ref } from '../../../core/refs.js';
import type { Page } from '../../../core/schemas/common.js';
import type { Filing, FilingsQuery } from '../../../core/schemas/sec.js';
import type { Caller, Db } from '../../db.js';
import type { EntityCatalog } from './entity-catalog.js';
import { secCompany } from './entity-views.js';

type FilingRow = Omit<Filing, 'company' | 'acceptedAt'> & { acceptedAt: Date | null; cik?: string };

const FORM = /^[A-Z0-9][A-Z0-9 /-]{0,19}$/;

function view(company: Ref, row: FilingRow): Filing {
  const { cik: _, ...f } = row;
  return { company, ...f, acceptedAt: f.acceptedAt?.toISOString() ?? null };
}

export class FilingsService {
  constructor(
    private readonly db: Db,
    private readonly catalog: EntityCatalog,
  ) {}

  /** The filings of a covered company (slug or ticker), of the forms asked, newest first, one page. */
  async list(query: FilingsQuery, caller?: Caller): Promise<{ data: Filing[]; page: Static<typeof Page> }> {
    const forms =
      query.form === undefined
        ? []
        : query.form
            .split(',')
            .map((f) => f.trim().toUpperCase())
            .filter(Boolean);
    const bad = forms.filter((f) => !FORM.test(f));
    if (bad.length)
      throw validationError([
        {
          in: 'query',
          param: 'form',
          message: `not a form type such as 8-K, 10-Q, 10-K, 4: ${bad.slice(0, 5).join(', ')}`,
        },
      ]);
    const company = await secCompany(this.catalog, query.company);
    const limit = query.limit ?? 50;
    const offset = query.offset ?? 0;
    const rows = await this.db.rows<FilingRow>(
      'companyFilings',
      { cik: company.cik, forms: forms.length ? forms : null, limit, offset },
      caller,
    );
    const more = rows.length > limit;
    return {
      data: rows.slice(0, limit).map((r) => view(company.ref, r)),
      page: { limit, offset, nextOffset: more ? offset + limit : null },
    };
  }

  /** The CIKs of the covered companies that file with the SEC: whom the feed keeps up to date. */
  async coveredCiks(): Promise<string[]> {
    const catalog = await this.catalog.get();
    return [...catalog.companies.values()].flatMap((c) => (c.cik ? [c.cik] : []));
  }

  /** Which of `accessions` are stored as ownership forms. */
  async storedOwnership(accessions: string[]): Promise<Set<string>> {
    if (!accessions.length) return new Set();
    return new Set(
      (await this.db.rows<{ accession: string }>('storedOwnershipAccessions', { accessions })).map((r) => r.accession),
    );
  }

  /** The addresses the stored filings of `cik` among `accessions` cite, by accession number. */
  async sourceUrls(cik: string, accessions: string[], caller?: Caller): Promise<Map<string, string>> {
    if (!accessions.length) return new Map();
    const rows = await this.db.rows<{ accession: string; sourceUrl: string }>(
      'filingSources',
      { cik, accessions: [...new Set(accessions)] },
      caller,
    );
    return new Map(rows.map((r) => [r.accession, r.sourceUrl]));
  }

  /** The filing behind story `id`, or null. */
  async ofEvent(id: number, caller?: Caller): Promise<Filing | null> {
    const [row] = await this.db.rows<FilingRow & { cik: string }>('filingOfEvent', { id }, caller);
    if (!row) return null;
    const catalog = await this.catalog.get();
    const company = [...catalog.companies.values()].find((c) => c.cik === row.cik);
    const ref: Ref = company
      ? companyRef(company.slug, company.name)
      : { type: 'company', key: row.cik, label: row.cik, path: null };
    return view(ref, row);
  }
}
