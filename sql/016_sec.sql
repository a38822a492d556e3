-- SEC EDGAR: the filings each company lists (its submissions), the XBRL facts it reported (companyfacts), and the
-- ownership forms (3/4/5) filed about it with the insider trades they report. Every row keeps EDGAR's own keys (CIK,
-- accession number) and the address it cites, and every write is an upsert on them, so importing a file again adds
-- nothing.

-- A filing as one company's submissions list it: a Form 4 is listed by its issuer and by each reporting owner, so
-- the key is the pair. `event_id` is the service's story about it (8-K, 10-Q, 10-K and their amendments).
CREATE TABLE sec_filings (
  cik               text        NOT NULL CHECK (cik ~ '^\d{10}$'),
  accession         text        NOT NULL CHECK (accession ~ '^\d{10}-\d{2}-\d{6}$'),
  form              text        NOT NULL,
  filing_date       date        NOT NULL,
  report_date       date,
  accepted_at       timestamptz,
  -- 8-K items, e.g. {2.02,9.01}.
  items             text[]      NOT NULL DEFAULT '{}',
  primary_document  text,
  description       text,
  size              integer,
  is_xbrl           boolean     NOT NULL DEFAULT false,
  source_url        text        NOT NULL,
  event_id          bigint      REFERENCES events,
  content_hash      text        NOT NULL,
  updated_at        timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (cik, accession)
);
CREATE INDEX sec_filings_newest ON sec_filings (cik, filing_date DESC, accession DESC);
CREATE INDEX sec_filings_by_event ON sec_filings (event_id) WHERE event_id IS NOT NULL;
CREATE INDEX sec_filings_by_accession ON sec_filings (accession);

-- One XBRL fact as companyfacts gives it, keyed on concept, unit, period and the filing that reported it: a period
-- reported again in a later filing (a comparative, a restatement) is another row, and the periods engine chooses.
-- Dates are day numbers (days since 1970-01-01), the periods engine's unit; `start_day` null for an instant.
CREATE TABLE sec_facts (
  cik            text     NOT NULL CHECK (cik ~ '^\d{10}$'),
  -- taxonomy:concept, e.g. us-gaap:Revenues.
  concept        text     NOT NULL,
  unit           text     NOT NULL,
  start_day      integer,
  end_day        integer  NOT NULL,
  accession      text     NOT NULL,
  value          float8   NOT NULL,
  filed_day      integer  NOT NULL,
  fiscal_year    smallint,
  fiscal_period  text,
  form           text     NOT NULL,
  frame          text
);
CREATE UNIQUE INDEX sec_facts_key ON sec_facts (cik, concept, unit, start_day, end_day, accession) NULLS NOT DISTINCT;

-- The company each CIK's facts are named by in companyfacts (its entityName then), and when they were last written.
CREATE TABLE sec_fact_sets (
  cik          text        PRIMARY KEY CHECK (cik ~ '^\d{10}$'),
  entity_name  text        NOT NULL,
  updated_at   timestamptz NOT NULL DEFAULT now()
);

-- An ownership form (3, 4, 5 and amendments) as read: the whole parsed document, from which the trades below are
-- derived per issuer (an amendment replaces the trades of the form it amends). `accession` is EDGAR's, or for a file
-- that names none, `sha256:<hash of the document>`.
CREATE TABLE sec_ownership_filings (
  accession         text        PRIMARY KEY,
  issuer_cik        text        NOT NULL CHECK (issuer_cik ~ '^\d{10}$'),
  form              text        NOT NULL,
  filing_date       date        NOT NULL,
  period_of_report  date        NOT NULL,
  source_url        text        NOT NULL,
  document          jsonb       NOT NULL,
  content_hash      text        NOT NULL,
  updated_at        timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sec_ownership_by_issuer ON sec_ownership_filings (issuer_cik, filing_date);

-- Every transaction row of the standing ownership forms, rewritten per issuer when one of its forms is written. One
-- row per transaction; the reporting owners (several may report one trade jointly) are in `owners` as JSON, the
-- first one's CIK and the insider's person slug kept as columns for the people pages.
CREATE TABLE sec_insider_trades (
  issuer_cik           text     NOT NULL,
  accession            text     NOT NULL,
  position             smallint NOT NULL,
  trade_date           date     NOT NULL,
  filing_date          date     NOT NULL,
  form                 text     NOT NULL,
  code                 text     NOT NULL,
  table_name           text     NOT NULL CHECK (table_name IN ('non-derivative', 'derivative')),
  security_title       text     NOT NULL,
  shares               float8,
  price                float8,
  value                float8,
  acquired_disposed    text     NOT NULL CHECK (acquired_disposed IN ('A', 'D')),
  shares_owned_after   float8,
  direct_or_indirect   text     NOT NULL CHECK (direct_or_indirect IN ('D', 'I')),
  nature_of_ownership  text,
  plan                 jsonb,
  footnotes            text[]   NOT NULL DEFAULT '{}',
  owners               jsonb    NOT NULL,
  person               text     NOT NULL,
  person_name          text     NOT NULL,
  issuer_name          text     NOT NULL,
  issuer_ticker        text,
  amends               text,
  source_url           text     NOT NULL,
  PRIMARY KEY (issuer_cik, accession, position)
);
CREATE INDEX sec_insider_trades_newest ON sec_insider_trades (trade_date DESC, filing_date DESC, accession DESC, position);
CREATE INDEX sec_insider_trades_by_issuer ON sec_insider_trades (issuer_cik, trade_date DESC);
CREATE INDEX sec_insider_trades_by_person ON sec_insider_trades (person, trade_date DESC);
