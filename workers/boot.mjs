// Worker-thread entry: Node 20 workers do not inherit tsx's loader hooks, so register them before loading the tasks.
import { register } from 'tsx/esm/api';

register();
const { default: dispatch } = await import('./tasks.ts');
export default dispatch;
