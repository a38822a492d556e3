// Worker-thread entry when run from the sources: Node 20 workers do not inherit tsx's loader hooks, so register them
// before loading the tasks. The compiled server (dist/) starts its threads at tasks.js instead (server/thread-start.ts).
import { register } from 'tsx/esm/api';

register();
const { default: dispatch } = await import('./tasks.ts');
export default dispatch;
