// Node's process warnings in what a server printed on stderr: a test server that printed one fails its test, so that
// a leak warning or a deprecation shows in the suite rather than in a deployment's logs.

/** A warning line as Node prints it: `(node:PID) MaxListenersExceededWarning: …`, `(node:PID) [DEP0005] DeprecationWarning: …`. */
const PROCESS_WARNING = /^\(node:\d+[^)]*\) (?:\[\w+\] )?\w*Warning: .*$/gm;

/** The warning lines of `stderr` that `allowed` (a test's expected warning) does not match. */
export function processWarnings(stderr: string, allowed?: RegExp): string[] {
  return (stderr.match(PROCESS_WARNING) ?? []).filter((line) => !allowed?.test(line));
}
