-- The entity graph behind every EntityRef: sectors, company profiles with their segments and peers, people and their
-- roles, projects with KPIs and milestones. Reference data changes, so a record stored again under the same key
-- replaces the stored one; `content_hash` tells an unchanged record from a changed one, so importing a file twice
-- writes nothing the second time. `source` is the source that last wrote the row; facts from outside carry the
-- address they were read from (`source_url`).

CREATE TABLE sectors (
  slug          text PRIMARY KEY CHECK (slug ~ '^[a-z0-9]([a-z0-9-]{0,78}[a-z0-9])?$'),
  name          text NOT NULL,
  description   text,
  source        text NOT NULL,
  content_hash  text NOT NULL,
  updated_at    timestamptz NOT NULL DEFAULT now()
);

-- Companies so far held a slug, a name and a sector named twice (slug and label); the sectors move to their table.
INSERT INTO sectors (slug, name, source, content_hash)
SELECT DISTINCT ON (sector) sector, coalesce(sector_name, sector), 'demo', '' FROM companies WHERE sector IS NOT NULL ORDER BY sector, sector_name;

ALTER TABLE companies
  DROP COLUMN sector_name,
  ADD COLUMN legal_name             text,
  -- Exchange tickers, the primary one first.
  ADD COLUMN tickers                text[]   NOT NULL DEFAULT '{}',
  ADD COLUMN cik                    text     CHECK (cik ~ '^\d{10}$'),
  ADD COLUMN industry               text,
  ADD COLUMN country                text     CHECK (country ~ '^[A-Z]{2}$'),
  ADD COLUMN fiscal_year_end_month  smallint CHECK (fiscal_year_end_month BETWEEN 1 AND 12),
  -- In the service's own words.
  ADD COLUMN description            text,
  ADD COLUMN website                text,
  ADD COLUMN employees              integer  CHECK (employees >= 0),
  ADD COLUMN employees_as_of        date,
  -- Symbol of the instrument that quotes it.
  ADD COLUMN primary_instrument     text,
  ADD COLUMN source_url             text,
  ADD COLUMN source                 text     NOT NULL DEFAULT 'demo',
  ADD COLUMN content_hash           text     NOT NULL DEFAULT '',
  ADD COLUMN updated_at             timestamptz NOT NULL DEFAULT now(),
  ADD CONSTRAINT companies_slug CHECK (slug ~ '^[a-z0-9]([a-z0-9-]{0,78}[a-z0-9])?$'),
  ADD CONSTRAINT companies_sector FOREIGN KEY (sector) REFERENCES sectors (slug);
ALTER TABLE companies ALTER COLUMN source DROP DEFAULT, ALTER COLUMN content_hash DROP DEFAULT;
CREATE INDEX companies_by_sector ON companies (sector);
CREATE INDEX companies_by_cik ON companies (cik);

CREATE TABLE company_segments (
  company            text     NOT NULL REFERENCES companies ON DELETE CASCADE,
  position           smallint NOT NULL,
  name               text     NOT NULL,
  -- Share of revenue in percent, for the period ending `as_of`.
  revenue_share_pct  float8   CHECK (revenue_share_pct BETWEEN 0 AND 100),
  description        text,
  as_of              date,
  source_url         text,
  PRIMARY KEY (company, position)
);

-- A peer is the service's own judgement, so it names no source; it may name a company not covered (yet).
CREATE TABLE company_peers (
  company   text     NOT NULL REFERENCES companies ON DELETE CASCADE,
  position  smallint NOT NULL,
  peer      text     NOT NULL,
  why       text     NOT NULL,
  PRIMARY KEY (company, position)
);

CREATE TABLE people (
  slug          text PRIMARY KEY CHECK (slug ~ '^[a-z0-9]([a-z0-9-]{0,78}[a-z0-9])?$'),
  name          text NOT NULL,
  kind          text NOT NULL CHECK (kind IN ('executive', 'director', 'policymaker', 'founder')),
  summary       text,
  source        text NOT NULL,
  content_hash  text NOT NULL,
  updated_at    timestamptz NOT NULL DEFAULT now()
);

-- A position held at a covered company or at an institution (a central bank), never both.
CREATE TABLE person_roles (
  person       text     NOT NULL REFERENCES people ON DELETE CASCADE,
  position     smallint NOT NULL,
  title        text     NOT NULL,
  company      text     REFERENCES companies ON DELETE CASCADE,
  institution  text,
  since        date,
  until        date,
  source_url   text,
  PRIMARY KEY (person, position),
  CHECK ((company IS NULL) <> (institution IS NULL)),
  CHECK (until IS NULL OR since IS NULL OR until >= since)
);
CREATE INDEX person_roles_by_company ON person_roles (company);

CREATE TABLE projects (
  company       text NOT NULL REFERENCES companies ON DELETE CASCADE,
  slug          text NOT NULL CHECK (slug ~ '^[a-z0-9]([a-z0-9-]{0,78}[a-z0-9])?$'),
  name          text NOT NULL,
  goal          text NOT NULL,
  stage         text NOT NULL CHECK (stage IN ('research', 'development', 'testing', 'pilot', 'launched', 'scaling', 'paused', 'cancelled')),
  status        text NOT NULL CHECK (status IN ('on_track', 'at_risk', 'delayed', 'completed', 'stopped')),
  source_url    text,
  source        text NOT NULL,
  content_hash  text NOT NULL,
  updated_at    timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (company, slug)
);

CREATE TABLE project_kpis (
  company     text     NOT NULL,
  project     text     NOT NULL,
  position    smallint NOT NULL,
  name        text     NOT NULL,
  value       float8   NOT NULL,
  unit        text     NOT NULL,
  as_of       date     NOT NULL,
  source_url  text     NOT NULL,
  PRIMARY KEY (company, project, position),
  FOREIGN KEY (company, project) REFERENCES projects ON DELETE CASCADE
);

CREATE TABLE project_milestones (
  company            text     NOT NULL,
  project            text     NOT NULL,
  position           smallint NOT NULL,
  name               text     NOT NULL,
  status             text     NOT NULL CHECK (status IN ('done', 'planned', 'slipped')),
  -- When it was first planned for: the start of the period `planned_precision` names.
  planned_for        date,
  planned_precision  text     NOT NULL CHECK (planned_precision IN ('exact', 'minute', 'hour', 'day', 'week', 'month', 'quarter', 'year')),
  done_on            date,
  -- A slipped milestone's new expected date, when one was given.
  expected_for       date,
  source_url         text     NOT NULL,
  PRIMARY KEY (company, project, position),
  FOREIGN KEY (company, project) REFERENCES projects ON DELETE CASCADE,
  CHECK ((status = 'done') = (done_on IS NOT NULL)),
  CHECK (status = 'done' OR planned_for IS NOT NULL),
  CHECK (expected_for IS NULL OR status = 'slipped')
);
