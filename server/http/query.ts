// Parses a raw query string into single values, reporting repeated names and bad percent-encoding.
import type { ValidationDetail } from '../../core/errors.js';

export interface ParsedQuery {
  values: Record<string, string>;
  problems: ValidationDetail[];
}

/** Decodes one URL component (`+` is a space in queries); null when it is not valid UTF-8 percent-encoding. */
export function decodeComponent(raw: string, plusIsSpace: boolean): string | null {
  const text = plusIsSpace && raw.includes('+') ? raw.replaceAll('+', ' ') : raw;
  if (!text.includes('%')) return text;
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}

export function parseQuery(raw: string): ParsedQuery {
  const values: Record<string, string> = Object.create(null);
  const problems: ValidationDetail[] = [];
  if (!raw) return { values, problems };
  const repeated = new Set<string>();
  for (const pair of raw.split('&')) {
    if (!pair) continue;
    const eq = pair.indexOf('=');
    const rawName = eq < 0 ? pair : pair.slice(0, eq);
    const name = decodeComponent(rawName, true);
    const value = decodeComponent(eq < 0 ? '' : pair.slice(eq + 1), true);
    if (name === null) {
      problems.push({ in: 'query', param: rawName.slice(0, 64), message: 'name is not valid UTF-8 percent-encoding' });
      continue;
    }
    if (value === null) {
      problems.push({ in: 'query', param: name, message: 'value is not valid UTF-8 percent-encoding' });
      continue;
    }
    if (name in values) {
      if (!repeated.has(name)) {
        repeated.add(name);
        problems.push({ in: 'query', param: name, message: 'is repeated: give it once (lists are comma-separated)' });
      }
      continue;
    }
    values[name] = value;
  }
  return { values, problems };
}
