// get_company: a company's profile, as /v1/companies/{company}.
import { cutTail } from '../../../core/fit.js';
import { CompanyDetail, CompanyParams } from '../../../core/schemas/companies.js';
import { defineTool, ToolSingle } from '../tool.js';

export const getCompany = defineTool({
  name: 'get_company',
  title: 'Company profile',
  description:
    'A company by slug or ticker (apple, AAPL): sector, industry, description, head count, its instruments with ' +
    'prices, executives and directors with their roles, revenue segments, projects with KPIs and milestones, and ' +
    'peers. Facts read from outside carry the sourceUrl they came from. For its news use get_news with company.',
  input: CompanyParams,
  output: ToolSingle(CompanyDetail),
  run: async ({ company }, { services }) => ({ data: await services.companies.detail(company) }),
  trims: [
    cutTail<CompanyDetail>('projects', 'projects', 'get_project for each'),
    cutTail<CompanyDetail>('peers', 'peers', 'get_company for each peer'),
    cutTail<CompanyDetail>('people', 'people', 'get_person for each'),
  ],
});
