// What /mcp answers messages with, in one module that server/mcp/endpoint.ts loads at the first POST: the SDK's
// transport and server, the tools with their schemas compiled, and the kept tools/list.
export { WebStandardStreamableHTTPServerTransport as Transport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
export { answerToolCall, loneToolCall } from './call.js';
export { listingBody, toolsListId, transportTakes } from './listing.js';
export { requestServer } from './server.js';
