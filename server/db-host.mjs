// Thread entry of the embedded database: Node 20 workers do not inherit tsx's loader hooks, so register them first.
import { register } from 'tsx/esm/api';

register();
await import('./db-host.ts');
