// Every route's and MCP tool's schemas compile: a server compiles them at their first use (server/http/validate.ts,
// pipeline.ts), not at boot, so a schema that strict Ajv or fast-json-stringify refuses is found here rather than by a
// request.

import { Type } from '@sinclair/typebox';
import fastJson from 'fast-json-stringify';
import t from 'tap';
import { compileValidator } from '../../../server/http/validate.js';
import { TOOLS } from '../../../server/mcp/tools/index.js';
import { routeTable } from '../../../server/route-table.js';

const routes = routeTable({ notReadyReason: () => null, problem: () => null }, 0);

t.test('each route: its path, query and response schemas', async (t) => {
  for (const route of routes) {
    t.doesNotThrow(() => route.params && compileValidator('path', route.params).check({}), `${route.path} params`);
    t.doesNotThrow(() => compileValidator('query', route.query ?? Type.Object({})).check({}), `${route.path} query`);
    t.doesNotThrow(() => fastJson(route.response), `${route.path} response`);
  }
});

t.test('each MCP tool: its arguments', async (t) => {
  for (const tool of TOOLS) t.doesNotThrow(() => compileValidator('arguments', tool.input).check({}), tool.name);
});
