// get_coverage: what data the service holds and how far each dataset runs, as /v1/meta.
import { Meta } from '../../../core/schemas/meta.js';
import { defineTool, NoArgs, ToolSingle } from '../tool.js';

export const getCoverage = defineTool({
  name: 'get_coverage',
  title: 'Data coverage',
  description:
    'What the service holds: row counts per dataset, the latest date or instant of each (stories, prices, moves, ' +
    'macro observations, filings, odds; null when the service has none yet), which dataset is loaded (demo data ' +
    'cites .example domains, never real sources) and the time now. Check it before saying data is missing or recent.',
  input: NoArgs,
  output: ToolSingle(Meta),
  run: async (_, { services }) => ({ data: await services.meta.meta() }),
});
