// The real payload samples of ../shared/realdata (next to the repository, never copied into it) and this project's
// own fixtures: a test reads a sample by its path under realdata/, and skips, saying so, when the directory is absent.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ROOT } from './server.js';

export const REALDATA = join(ROOT, '..', 'shared', 'realdata');

/** Why a test of real samples is skipped, or false when they are there. */
export const realdataSkip: string | false = existsSync(REALDATA) ? false : `no real samples at ${REALDATA}`;

/** A real sample's text, by its path under realdata/ (crypto/okx/...). */
export function realdata(path: string): string {
  return readFileSync(join(REALDATA, path), 'utf8');
}

/** Every file under realdata/<dir>, as paths under realdata/, in name order. */
export function realdataFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      if (e.isDirectory()) walk(join(d, e.name));
      else out.push(relative(REALDATA, join(d, e.name)));
    }
  };
  walk(join(REALDATA, dir));
  return out;
}

/** One of this project's fixtures, by its path under test/fixtures/. */
export function fixture(path: string): string {
  return readFileSync(join(ROOT, 'test', 'fixtures', path), 'utf8');
}

/** A fixture of frames, one JSON frame (or bare text frame) a line, as a venue sends them. */
export function fixtureFrames(path: string): string[] {
  return fixture(path).split('\n').filter((line) => line.trim() !== '');
}
