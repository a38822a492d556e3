-- name: upsertSecFilings
-- Filings as a company's submissions list them, stored or updated where their content changed (:hashes); returns the
-- accession numbers written.
INSERT INTO sec_filings (cik, accession, form, filing_date, report_date, accepted_at, items, primary_document, description, size, is_xbrl, source_url, content_hash)
SELECT i.cik, i.accession, i.form, i.filing_date, i.report_date, i.accepted_at, ARRAY(SELECT jsonb_array_elements_text(i.items)),
       i.primary_document, i.description, i.size, i.is_xbrl, i.source_url, i.content_hash
FROM unnest(:ciks::text[], :accessions::text[], :forms::text[], :filingDates::date[], :reportDates::date[], :acceptedAt::timestamptz[],
            :items::jsonb[], :primaryDocuments::text[], :descriptions::text[], :sizes::integer[], :isXbrl::boolean[], :sourceUrls::text[],
            :hashes::text[])
  AS i (cik, accession, form, filing_date, report_date, accepted_at, items, primary_document, description, size, is_xbrl, source_url, content_hash)
ON CONFLICT (cik, accession) DO UPDATE
  SET form = EXCLUDED.form, filing_date = EXCLUDED.filing_date, report_date = EXCLUDED.report_date, accepted_at = EXCLUDED.accepted_at,
      items = EXCLUDED.items, primary_document = EXCLUDED.primary_document, description = EXCLUDED.description, size = EXCLUDED.size,
      is_xbrl = EXCLUDED.is_xbrl, source_url = EXCLUDED.source_url, content_hash = EXCLUDED.content_hash, updated_at = now()
  WHERE sec_filings.content_hash <> EXCLUDED.content_hash
RETURNING accession;

-- name: linkFilingEvents
-- Each filing of :accessions to the story the sec source keeps about it; returns how many links were set.
WITH linked AS (
  UPDATE sec_filings f SET event_id = e.id
  FROM events e
  WHERE e.source = 'sec' AND e.source_key = f.accession AND f.accession = ANY(:accessions::text[]) AND f.event_id IS DISTINCT FROM e.id
  RETURNING 1
)
SELECT count(*)::int AS linked FROM linked;

-- name: companyFilings
-- One company's filings (by CIK), of :forms when given, newest first, one row more than :limit to tell a next page.
SELECT f.accession, f.form, f.filing_date::text AS "filingDate", f.report_date::text AS "reportDate", f.accepted_at AS "acceptedAt",
       f.items, f.primary_document AS "primaryDocument", f.description, f.size, f.is_xbrl AS "isXbrl", f.source_url AS "sourceUrl",
       f.event_id::float8 AS "eventId"
FROM sec_filings f
WHERE f.cik = :cik AND (:forms::text[] IS NULL OR upper(f.form) = ANY(:forms::text[]))
ORDER BY f.filing_date DESC, f.accession DESC
LIMIT :limit::int + 1 OFFSET :offset::int;

-- name: filingOfEvent
-- The filing behind a story, as its filer lists it.
SELECT f.cik, f.accession, f.form, f.filing_date::text AS "filingDate", f.report_date::text AS "reportDate", f.accepted_at AS "acceptedAt",
       f.items, f.primary_document AS "primaryDocument", f.description, f.size, f.is_xbrl AS "isXbrl", f.source_url AS "sourceUrl",
       f.event_id::float8 AS "eventId"
FROM sec_filings f
WHERE f.event_id = :id
ORDER BY f.filing_date, f.cik
LIMIT 1;

-- name: upsertSecFacts
-- XBRL facts of one company, each (concept, unit, period, accession) once: a fact stored again takes what the new file
-- says of it. Returns how many rows were added or changed.
WITH written AS (
  INSERT INTO sec_facts (cik, concept, unit, start_day, end_day, accession, value, filed_day, fiscal_year, fiscal_period, form, frame)
  SELECT :cik, * FROM unnest(:concepts::text[], :units::text[], :starts::integer[], :ends::integer[], :accessions::text[], :values::float8[],
                             :filed::integer[], :fiscalYears::smallint[], :fiscalPeriods::text[], :forms::text[], :frames::text[])
  ON CONFLICT (cik, concept, unit, start_day, end_day, accession) DO UPDATE
    SET value = EXCLUDED.value, filed_day = EXCLUDED.filed_day, fiscal_year = EXCLUDED.fiscal_year, fiscal_period = EXCLUDED.fiscal_period,
        form = EXCLUDED.form, frame = EXCLUDED.frame
    WHERE (sec_facts.value, sec_facts.filed_day, sec_facts.fiscal_year, sec_facts.fiscal_period, sec_facts.form, sec_facts.frame)
          IS DISTINCT FROM (EXCLUDED.value, EXCLUDED.filed_day, EXCLUDED.fiscal_year, EXCLUDED.fiscal_period, EXCLUDED.form, EXCLUDED.frame)
  RETURNING 1
)
SELECT count(*)::int AS written FROM written;

-- name: upsertFactSet
-- The name a company's facts were filed under and where they were read; touched when its facts changed.
INSERT INTO sec_fact_sets (cik, entity_name, source_url) VALUES (:cik, :entityName, :sourceUrl)
ON CONFLICT (cik) DO UPDATE SET entity_name = EXCLUDED.entity_name, source_url = EXCLUDED.source_url, updated_at = now()
  WHERE :changed::boolean OR sec_fact_sets.entity_name <> EXCLUDED.entity_name OR sec_fact_sets.source_url <> EXCLUDED.source_url;

-- name: factSet
SELECT entity_name AS "entityName", source_url AS "sourceUrl" FROM sec_fact_sets WHERE cik = :cik;

-- name: companyFactSeries
-- A company's facts, one row per concept and unit with its facts as parallel arrays (a few hundred rows, not tens of
-- thousands): what the periods engine reads.
SELECT concept, unit,
       array_agg(start_day ORDER BY end_day, start_day, accession) AS starts,
       array_agg(end_day ORDER BY end_day, start_day, accession) AS ends,
       array_agg(value ORDER BY end_day, start_day, accession) AS "values",
       array_agg(filed_day ORDER BY end_day, start_day, accession) AS filed,
       array_agg(fiscal_year ORDER BY end_day, start_day, accession) AS "fiscalYears",
       array_agg(fiscal_period ORDER BY end_day, start_day, accession) AS "fiscalPeriods",
       array_agg(form ORDER BY end_day, start_day, accession) AS forms,
       array_agg(accession ORDER BY end_day, start_day, accession) AS accessions,
       array_agg(frame ORDER BY end_day, start_day, accession) AS frames
FROM sec_facts
WHERE cik = :cik
GROUP BY concept, unit
ORDER BY concept, unit;

-- name: upsertOwnershipFilings
-- Ownership forms stored, or replaced where their content changed; returns the issuers of those written.
INSERT INTO sec_ownership_filings (accession, issuer_cik, form, filing_date, period_of_report, source_url, document, content_hash)
SELECT * FROM unnest(:accessions::text[], :issuers::text[], :forms::text[], :filingDates::date[], :periods::date[], :sourceUrls::text[],
                     :documents::jsonb[], :hashes::text[])
ON CONFLICT (accession) DO UPDATE
  SET issuer_cik = EXCLUDED.issuer_cik, form = EXCLUDED.form, filing_date = EXCLUDED.filing_date, period_of_report = EXCLUDED.period_of_report,
      source_url = EXCLUDED.source_url, document = EXCLUDED.document, content_hash = EXCLUDED.content_hash, updated_at = now()
  WHERE sec_ownership_filings.content_hash <> EXCLUDED.content_hash
RETURNING issuer_cik AS issuer;

-- name: issuerOwnershipFilings
-- Every ownership form about :issuer: the trades are derived from all of them together (amendments).
SELECT accession, filing_date::text AS "filingDate", source_url AS "sourceUrl", document
FROM sec_ownership_filings WHERE issuer_cik = :issuer ORDER BY filing_date, accession;

-- name: deleteIssuerTrades
DELETE FROM sec_insider_trades WHERE issuer_cik = :issuer;

-- name: insertInsiderTrades
INSERT INTO sec_insider_trades (issuer_cik, accession, position, trade_date, filing_date, form, code, table_name, security_title, shares, price,
                                value, acquired_disposed, shares_owned_after, direct_or_indirect, nature_of_ownership, plan, footnotes, owners,
                                person, person_name, issuer_name, issuer_ticker, amends, source_url)
SELECT i.issuer_cik, i.accession, i.position, i.trade_date, i.filing_date, i.form, i.code, i.table_name, i.security_title, i.shares, i.price,
       i.value, i.acquired_disposed, i.shares_owned_after, i.direct_or_indirect, i.nature_of_ownership, i.plan,
       ARRAY(SELECT jsonb_array_elements_text(i.footnotes)), i.owners, i.person, i.person_name, i.issuer_name, i.issuer_ticker, i.amends, i.source_url
FROM unnest(:issuers::text[], :accessions::text[], :positions::smallint[], :dates::date[], :filingDates::date[], :forms::text[], :codes::text[],
            :tables::text[], :titles::text[], :shares::float8[], :prices::float8[], :values::float8[], :acquiredDisposed::text[],
            :after::float8[], :direct::text[], :natures::text[], :plans::jsonb[], :footnotes::jsonb[], :owners::jsonb[], :people::text[],
            :personNames::text[], :issuerNames::text[], :issuerTickers::text[], :amends::text[], :sourceUrls::text[])
  AS i (issuer_cik, accession, position, trade_date, filing_date, form, code, table_name, security_title, shares, price, value, acquired_disposed,
        shares_owned_after, direct_or_indirect, nature_of_ownership, plan, footnotes, owners, person, person_name, issuer_name, issuer_ticker,
        amends, source_url);

-- name: issuerOfTicker
-- The issuer whose ownership forms give :ticker as its trading symbol (an issuer the service does not cover).
SELECT issuer_cik AS cik, max(issuer_name) AS name FROM sec_insider_trades WHERE upper(issuer_ticker) = upper(:ticker) GROUP BY issuer_cik LIMIT 1;

-- name: insiderTrades
-- Insider trades newest first: of :issuer when given, of :person when given, traded on or after :since, of :codes when
-- given; one row more than :limit to tell a next page.
SELECT issuer_cik AS "issuerCik", accession, position, trade_date::text AS date, filing_date::text AS "filingDate", form, code,
       table_name AS "table", security_title AS "securityTitle", shares, price, value, acquired_disposed AS "acquiredDisposed",
       shares_owned_after AS "sharesOwnedAfter", direct_or_indirect AS "directOrIndirect", nature_of_ownership AS "natureOfOwnership", plan,
       footnotes, owners, person, person_name AS "personName", issuer_name AS "issuerName", issuer_ticker AS "issuerTicker", amends,
       source_url AS "sourceUrl"
FROM sec_insider_trades
WHERE (:issuer::text IS NULL OR issuer_cik = :issuer) AND (:person::text IS NULL OR person = :person)
  AND (:since::date IS NULL OR trade_date >= :since::date) AND (:codes::text[] IS NULL OR code = ANY(:codes::text[]))
ORDER BY trade_date DESC, filing_date DESC, accession DESC, position
LIMIT :limit::int + 1 OFFSET :offset::int;

-- name: openMarketSummary
-- Open-market purchases (P) and sales (S) of :issuer (or all) since :since, of :codes when given (the list's filter):
-- counts, shares, value, distinct insiders (every reporting owner of a joint report counts).
WITH t AS (
  SELECT code, shares, value, owners FROM sec_insider_trades
  WHERE code IN ('P', 'S') AND (:issuer::text IS NULL OR issuer_cik = :issuer) AND (:since::date IS NULL OR trade_date >= :since::date)
    AND (:codes::text[] IS NULL OR code = ANY(:codes::text[]))
)
SELECT code, count(*)::int AS count, coalesce(sum(shares), 0)::float8 AS shares, coalesce(sum(value), 0)::float8 AS value,
       (SELECT count(DISTINCT o->>'cik')::int FROM t t2, jsonb_array_elements(t2.owners) o WHERE t2.code = t.code) AS insiders
FROM t
GROUP BY code;

-- name: companiesOfCiks
-- The covered companies of :ciks, by CIK.
SELECT slug, name, cik FROM companies WHERE cik = ANY(:ciks::text[]);

-- name: companySlugTaken
SELECT slug FROM companies WHERE slug = ANY(:slugs::text[]);

-- name: peopleAtIssuer
-- The tracked people with a role at the company of :cik: whom its reporting owners may be.
SELECT DISTINCT p.slug, p.name FROM people p JOIN person_roles r ON r.person = p.slug JOIN companies c ON c.slug = r.company WHERE c.cik = :cik;

-- name: filingSources
-- The addresses the stored filings of :cik among :accessions cite: what a brief cites a figure to.
SELECT accession, source_url AS "sourceUrl" FROM sec_filings WHERE cik = :cik AND accession = ANY(:accessions::text[]);

-- name: storedOwnershipAccessions
-- Which of :accessions are stored as ownership forms: what the feed need not fetch again.
SELECT accession FROM sec_ownership_filings WHERE accession = ANY(:accessions::text[]);

-- name: holdsFacts
-- Whether any company's XBRL facts are stored.
SELECT EXISTS (SELECT 1 FROM sec_fact_sets) AS held;

-- name: holdsInsiderTrades
-- Whether any insider trade is stored.
SELECT EXISTS (SELECT 1 FROM sec_insider_trades) AS held;
