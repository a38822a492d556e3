// The repository's root, for tests and benches: the server's own (server/root.ts), found the same way from the sources
// as the benchmarks run them through tsx and from dist/harness/ as the suite runs its compiled copy.
export { ROOT } from '../server/root.js';
