// GET /v1/companies/{company}: a company's profile by slug or ticker, with its instruments, people, segments, projects
// and peers.
import { Single } from '../../../core/schemas/common.js';
import { CompanyDetail, CompanyParams } from '../../../core/schemas/companies.js';
import { defineRoute } from '../../api-route.js';

export const companyDetailRoute = defineRoute({
  path: '/v1/companies/:company',
  summary:
    "One company's profile: sector, instruments with prices, people, segments, projects with KPIs and milestones, peers",
  description:
    'Named by its slug (apple) or any of its tickers (AAPL), in any case. Facts from outside carry the sourceUrl they were read from.',
  tags: ['companies'],
  auth: true,
  errors: ['not_found'],
  params: CompanyParams,
  response: Single(CompanyDetail),
  handler: async ({ params }, { companies }) => ({ data: await companies.detail(params.company) }),
});
