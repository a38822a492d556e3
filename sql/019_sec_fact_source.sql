-- Where a company's facts were read from: EDGAR's companyfacts document, or the demo's own under .example.
ALTER TABLE sec_fact_sets ADD COLUMN source_url text;
UPDATE sec_fact_sets SET source_url = 'https://data.sec.gov/api/xbrl/companyfacts/CIK' || cik || '.json';
ALTER TABLE sec_fact_sets ALTER COLUMN source_url SET NOT NULL;
