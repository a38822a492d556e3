// The sources file named by TAPEWIRE_SOURCES, read and checked at start: every problem in it is a configuration
// problem, named with the file and the entry, so a bad file stops the start with the others.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { SourcesFile } from '../core/schemas/sources.js';
import { parseSourcesFile } from '../core/sources/sources-file.js';

export interface LoadedSources {
  /** The file's absolute path, as the logs name it. */
  path: string;
  file: SourcesFile;
}

/** The file at `path` checked; null (with `problems` added) when it cannot be read or is not valid. */
export function readSourcesFile(path: string, problems: string[]): LoadedSources | null {
  const full = resolve(path);
  let text: string;
  try {
    text = readFileSync(full, 'utf8');
  } catch (err) {
    problems.push(
      `TAPEWIRE_SOURCES=${JSON.stringify(path)}: cannot read it (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`,
    );
    return null;
  }
  const checked = parseSourcesFile(text);
  if (!checked.ok) {
    for (const error of checked.errors) problems.push(`TAPEWIRE_SOURCES ${path}: ${error}`);
    return null;
  }
  return { path: full, file: checked.sources };
}
