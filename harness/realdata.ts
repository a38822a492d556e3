// The shared real-data samples (../shared/realdata beside the repository), read where they are, never copied (a test
// of them skips with a message when the directory is absent), and this project's own fixtures.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ROOT } from './root.js';

/** The samples' directory; TAPEWIRE_REALDATA moves it, so a run can check that every test of them skips without them. */
export const REALDATA = process.env.TAPEWIRE_REALDATA || join(ROOT, '../shared/realdata/');

/** Why a test of `dir`'s samples is skipped, or false when they are there. */
export function realdataSkip(dir: string): string | false {
  return existsSync(join(REALDATA, dir)) ? false : `real samples absent: ${join(REALDATA, dir)} not found`;
}

export function readRealdata(path: string): string {
  return readFileSync(join(REALDATA, path), 'utf8');
}

/** Every file under `dir`, as paths relative to the samples' root, sorted. */
export function realdataFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const path = join(d, entry.name);
      if (entry.isDirectory()) walk(path);
      else out.push(relative(REALDATA, path));
    }
  };
  walk(join(REALDATA, dir));
  return out.sort();
}

const FIXTURES = join(ROOT, 'test/fixtures/');

/** One of this project's fixtures, by its path under test/fixtures/. */
export function fixture(path: string): string {
  return readFileSync(join(FIXTURES, path), 'utf8');
}

/** A fixture of frames, one JSON frame (or bare text frame) a line, as a venue sends them. */
export function fixtureFrames(path: string): string[] {
  return fixture(path)
    .split('\n')
    .filter((line) => line.trim() !== '');
}
