// Where the shared real payload samples are (../shared/realdata beside the repository), never copied into it: tests
// read them from there and skip, saying why, when the directory is absent.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REALDATA = fileURLToPath(new URL('../../../shared/realdata/', import.meta.url));

/** `{ skip: reason }` when `dir` (under realdata) is absent, else `{}`: spread into a test's options. */
export function needsRealdata(dir: string): { skip?: string } {
  return existsSync(join(REALDATA, dir)) ? {} : { skip: `${join(REALDATA, dir)} is absent: the real samples are not on this machine` };
}

export function readRealdata(path: string): string {
  return readFileSync(join(REALDATA, path), 'utf8');
}
