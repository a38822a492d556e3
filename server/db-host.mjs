// Thread entry of the embedded database when run from the sources: Node 20 workers do not inherit tsx's loader hooks, so
// register them first. The compiled server (dist/) starts the thread at db-host.js instead (server/thread-start.ts).
import { register } from 'tsx/esm/api';

register();
await import('./db-host.ts');
