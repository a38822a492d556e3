// get_sector: a sector's companies and recent important stories, as /v1/sectors/{slug}.
import { cutTail } from '../../../core/fit.js';
import { SectorDetail, SectorParams } from '../../../core/schemas/sectors.js';
import { defineTool, ToolSingle } from '../tool.js';

export const getSector = defineTool({
  name: 'get_sector',
  title: 'Sector',
  description:
    'A sector by slug (technology, energy, financials, ...): its companies with their prices and change today, ' +
    'their average change, and the most important stories of the last 30 days about the sector or its companies.',
  input: SectorParams,
  output: ToolSingle(SectorDetail),
  run: async ({ slug }, { services, caller, nowMs }) => ({ data: await services.sectors.detail(slug, caller, nowMs) }),
  trims: [
    cutTail<SectorDetail>('events', 'events', 'get_news with entity=sector:<slug>'),
    cutTail<SectorDetail>('companies', 'companies', 'get_company for each'),
  ],
});
