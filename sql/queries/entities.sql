-- name: upsertSectors
-- Sectors stored, or replaced when their content changed (:hashes); returns the slugs written.
INSERT INTO sectors (slug, name, description, source, content_hash)
SELECT i.slug, i.name, i.description, :source, i.hash
FROM unnest(:slugs::text[], :names::text[], :descriptions::text[], :hashes::text[]) AS i (slug, name, description, hash)
ON CONFLICT (slug) DO UPDATE
  SET name = EXCLUDED.name, description = EXCLUDED.description, source = EXCLUDED.source, content_hash = EXCLUDED.content_hash, updated_at = now()
  WHERE sectors.content_hash <> EXCLUDED.content_hash
RETURNING slug;

-- name: upsertCompanies
-- Company profiles stored, or replaced when their content changed (:hashes); returns the slugs written, whose
-- segments and peers are then written anew.
INSERT INTO companies (slug, name, legal_name, tickers, cik, sector, industry, country, fiscal_year_end_month, description,
                       website, employees, employees_as_of, primary_instrument, source_url, source, content_hash)
SELECT i.slug, i.name, i.legal_name, ARRAY(SELECT jsonb_array_elements_text(i.tickers)), i.cik, i.sector, i.industry, i.country,
       i.fiscal_year_end_month, i.description, i.website, i.employees, i.employees_as_of, i.primary_instrument, i.source_url, :source, i.hash
FROM unnest(:slugs::text[], :names::text[], :legalNames::text[], :tickers::jsonb[], :ciks::text[], :sectors::text[], :industries::text[],
            :countries::text[], :fiscalYearEndMonths::smallint[], :descriptions::text[], :websites::text[], :employees::integer[],
            :employeesAsOf::date[], :primaryInstruments::text[], :sourceUrls::text[], :hashes::text[])
  AS i (slug, name, legal_name, tickers, cik, sector, industry, country, fiscal_year_end_month, description, website, employees,
        employees_as_of, primary_instrument, source_url, hash)
ON CONFLICT (slug) DO UPDATE
  SET name = EXCLUDED.name, legal_name = EXCLUDED.legal_name, tickers = EXCLUDED.tickers, cik = EXCLUDED.cik, sector = EXCLUDED.sector,
      industry = EXCLUDED.industry, country = EXCLUDED.country, fiscal_year_end_month = EXCLUDED.fiscal_year_end_month,
      description = EXCLUDED.description, website = EXCLUDED.website, employees = EXCLUDED.employees,
      employees_as_of = EXCLUDED.employees_as_of, primary_instrument = EXCLUDED.primary_instrument, source_url = EXCLUDED.source_url,
      source = EXCLUDED.source, content_hash = EXCLUDED.content_hash, updated_at = now()
  WHERE companies.content_hash <> EXCLUDED.content_hash
RETURNING slug;

-- name: deleteCompanyParts
-- The segments and peers of the companies :companies, before they are written anew.
WITH gone AS (DELETE FROM company_segments WHERE company = ANY (:companies::text[]))
DELETE FROM company_peers WHERE company = ANY (:companies::text[]);

-- name: insertCompanyParts
-- Segments and peers of companies, each list in its order.
WITH segments AS (
       INSERT INTO company_segments (company, position, name, revenue_share_pct, description, as_of, source_url)
       SELECT * FROM unnest(:segmentCompanies::text[], :segmentPositions::smallint[], :segmentNames::text[], :segmentShares::float8[],
                            :segmentDescriptions::text[], :segmentAsOf::date[], :segmentSourceUrls::text[])
     )
INSERT INTO company_peers (company, position, peer, why)
SELECT * FROM unnest(:peerCompanies::text[], :peerPositions::smallint[], :peers::text[], :whys::text[]);

-- name: upsertPeople
-- People stored, or replaced when their content changed (:hashes); returns the slugs written, whose roles are then
-- written anew.
INSERT INTO people (slug, name, kind, summary, source, content_hash)
SELECT i.slug, i.name, i.kind, i.summary, :source, i.hash
FROM unnest(:slugs::text[], :names::text[], :kinds::text[], :summaries::text[], :hashes::text[]) AS i (slug, name, kind, summary, hash)
ON CONFLICT (slug) DO UPDATE
  SET name = EXCLUDED.name, kind = EXCLUDED.kind, summary = EXCLUDED.summary, source = EXCLUDED.source,
      content_hash = EXCLUDED.content_hash, updated_at = now()
  WHERE people.content_hash <> EXCLUDED.content_hash
RETURNING slug;

-- name: deleteRoles
DELETE FROM person_roles WHERE person = ANY (:people::text[]);

-- name: insertRoles
-- Roles of people, in their order.
INSERT INTO person_roles (person, position, title, company, institution, since, until, source_url)
SELECT * FROM unnest(:persons::text[], :positions::smallint[], :titles::text[], :companies::text[], :institutions::text[],
                     :since::date[], :until::date[], :sourceUrls::text[]);

-- name: upsertProjects
-- Projects stored, or replaced when their content changed (:hashes); returns the keys written (company and slug),
-- whose KPIs and milestones are then written anew.
INSERT INTO projects (company, slug, name, goal, stage, status, source_url, source, content_hash)
SELECT i.company, i.slug, i.name, i.goal, i.stage, i.status, i.source_url, :source, i.hash
FROM unnest(:companies::text[], :slugs::text[], :names::text[], :goals::text[], :stages::text[], :statuses::text[], :sourceUrls::text[],
            :hashes::text[]) AS i (company, slug, name, goal, stage, status, source_url, hash)
ON CONFLICT (company, slug) DO UPDATE
  SET name = EXCLUDED.name, goal = EXCLUDED.goal, stage = EXCLUDED.stage, status = EXCLUDED.status, source_url = EXCLUDED.source_url,
      source = EXCLUDED.source, content_hash = EXCLUDED.content_hash, updated_at = now()
  WHERE projects.content_hash <> EXCLUDED.content_hash
RETURNING company, slug;

-- name: deleteProjectParts
-- The KPIs and milestones of the projects :keys (company/slug), before they are written anew.
WITH gone AS (DELETE FROM project_kpis WHERE company || '/' || project = ANY (:keys::text[]))
DELETE FROM project_milestones WHERE company || '/' || project = ANY (:keys::text[]);

-- name: insertProjectParts
-- KPIs and milestones of projects, each list in its order.
WITH kpis AS (
       INSERT INTO project_kpis (company, project, position, name, value, unit, as_of, source_url)
       SELECT * FROM unnest(:kpiCompanies::text[], :kpiProjects::text[], :kpiPositions::smallint[], :kpiNames::text[], :kpiValues::float8[],
                            :kpiUnits::text[], :kpiAsOf::date[], :kpiSourceUrls::text[])
     )
INSERT INTO project_milestones (company, project, position, name, status, planned_for, planned_precision, done_on, expected_for, source_url)
SELECT * FROM unnest(:milestoneCompanies::text[], :milestoneProjects::text[], :milestonePositions::smallint[], :milestoneNames::text[],
                     :milestoneStatuses::text[], :plannedFor::date[], :plannedPrecisions::text[], :doneOn::date[], :expectedFor::date[],
                     :milestoneSourceUrls::text[]);

-- name: storedEntityKeys
-- The keys of every stored sector, company and person: what the records of a payload may refer to.
SELECT 'sector' AS type, slug AS key FROM sectors
UNION ALL SELECT 'company', slug FROM companies
UNION ALL SELECT 'person', slug FROM people;

-- name: sectorRows
SELECT slug, name, description, source FROM sectors ORDER BY name, slug;

-- name: companyRows
SELECT slug, name, legal_name AS "legalName", tickers, cik, sector, industry, country, fiscal_year_end_month AS "fiscalYearEndMonth",
       description, website, employees, to_char(employees_as_of, 'YYYY-MM-DD') AS "employeesAsOf", primary_instrument AS "primaryInstrument",
       source_url AS "sourceUrl", source, updated_at AS "updatedAt"
FROM companies ORDER BY name, slug;

-- name: segmentRows
SELECT company, name, revenue_share_pct AS "revenueSharePct", description, to_char(as_of, 'YYYY-MM-DD') AS "asOf", source_url AS "sourceUrl"
FROM company_segments ORDER BY company, position;

-- name: peerRows
SELECT company, peer, why FROM company_peers ORDER BY company, position;

-- name: personRows
SELECT slug, name, kind, summary, source FROM people ORDER BY name, slug;

-- name: roleRows
SELECT person, title, company, institution, to_char(since, 'YYYY-MM-DD') AS since, to_char(until, 'YYYY-MM-DD') AS until,
       source_url AS "sourceUrl"
FROM person_roles ORDER BY person, position;

-- name: projectRows
SELECT company, slug, name, goal, stage, status, source_url AS "sourceUrl", source, updated_at AS "updatedAt"
FROM projects ORDER BY company, slug;

-- name: kpiRows
SELECT company, project, name, value, unit, to_char(as_of, 'YYYY-MM-DD') AS "asOf", source_url AS "sourceUrl"
FROM project_kpis ORDER BY company, project, position;

-- name: milestoneRows
SELECT company, project, name, status, to_char(planned_for, 'YYYY-MM-DD') AS "plannedFor", planned_precision AS "plannedPrecision",
       to_char(done_on, 'YYYY-MM-DD') AS "doneOn", to_char(expected_for, 'YYYY-MM-DD') AS "expectedFor", source_url AS "sourceUrl"
FROM project_milestones ORDER BY company, project, position;
