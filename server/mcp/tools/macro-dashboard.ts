// get_macro_dashboard: the headline macro series with their latest value and next release, as /v1/macro/dashboard.
import { wholeList } from '../../../core/paging.js';
import { MacroDashboardRow } from '../../../core/schemas/macro.js';
import { defineTool, NoArgs, ToolList } from '../tool.js';

export const getMacroDashboard = defineTool({
  name: 'get_macro_dashboard',
  title: 'Macro dashboard',
  description:
    'The macro backdrop at a glance: the headline series the service holds (policy rate, CPI, core PCE, payrolls, ' +
    'unemployment, jobless claims, GDP, retail sales, 2-year and 10-year yields, the curve, the dollar, oil), each with ' +
    'its latest value and date, the change from the period before, `headline` (the number its displayMode shows: a ' +
    'level, a change or a percent change) and its next release. Use get_macro_series with a slug for its history, ' +
    'revisions and release stories.',
  input: NoArgs,
  output: ToolList(MacroDashboardRow),
  run: async (_, { services, caller }) => wholeList(await services.macro.dashboard(caller)),
});
