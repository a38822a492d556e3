-- Companies, so far by name and sector: what entity labels and the move linker's sector rule need. An instrument's
-- `company` names one by slug; a slug without a row here is still a company, labelled from its slug.

CREATE TABLE companies (
  slug         text PRIMARY KEY,
  name         text NOT NULL,
  sector       text,
  sector_name  text
);
