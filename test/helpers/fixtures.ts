// The project's own small fixtures under test/fixtures/.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export function readFixture(path: string): string {
  return readFileSync(fileURLToPath(new URL(`../fixtures/${path}`, import.meta.url)), 'utf8');
}
