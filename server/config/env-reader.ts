// Typed reads of environment variables, each invalid value noted as a problem (named with the variable and what was
// expected) rather than thrown, so that a start reports every one of them together.

export type Env = Record<string, string | undefined>;

/** A browser sends its origin as scheme://host[:port], lower-case, without a path. */
const ORIGIN = /^https?:\/\/([a-z0-9.-]+|\[[0-9a-f:.]+\])(:\d{1,5})?$/;

export class EnvReader {
  readonly problems: string[] = [];

  constructor(readonly env: Env) {}

  /** An integer from `min` to `max`; `fallback` when unset or empty. */
  int(name: string, fallback: number, min: number, max: number): number {
    const raw = this.env[name];
    if (raw === undefined || raw === '') return fallback;
    if (!/^\d+$/.test(raw) || +raw < min || +raw > max) {
      this.problems.push(`${name}=${JSON.stringify(raw)}: expected an integer from ${min} to ${max}`);
      return fallback;
    }
    return +raw;
  }

  /** 1/0, true/false, yes/no or on/off in any case; `fallback` when unset or empty. */
  bool(name: string, fallback: boolean): boolean;
  bool(name: string, fallback: undefined): boolean | undefined;
  bool(name: string, fallback: boolean | undefined): boolean | undefined {
    const raw = this.env[name];
    if (raw === undefined || raw === '') return fallback;
    if (/^(1|true|yes|on)$/i.test(raw)) return true;
    if (/^(0|false|no|off)$/i.test(raw)) return false;
    this.problems.push(`${name}=${JSON.stringify(raw)}: expected 1/0, true/false, yes/no or on/off`);
    return fallback;
  }

  /** An http(s) address, its trailing slashes cut. */
  url(name: string, fallback: string): string {
    const raw = this.env[name] || fallback;
    if (!/^https?:\/\/[^\s/]+(\/\S*)?$/.test(raw))
      this.problems.push(`${name}=${JSON.stringify(raw)}: expected an http:// or https:// address`);
    return raw.replace(/\/+$/, '');
  }

  /** Browser origins, comma-separated, listed as a browser sends them. */
  origins(name: string): string[] {
    const list = (this.env[name] ?? '')
      .split(',')
      .map((o) => o.trim().toLowerCase())
      .filter(Boolean);
    for (const o of list)
      if (!ORIGIN.test(o))
        this.problems.push(`${name}: ${JSON.stringify(o)} is not an origin such as https://app.example.com`);
    return list;
  }

  /** A comma-separated list, each item checked by `valid` (its message when it is not). */
  list(name: string, fallback: string[], valid: (item: string) => string | null): string[] {
    const raw = this.env[name];
    if (raw === undefined) return fallback;
    const items = raw
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean);
    for (const item of items) {
      const problem = valid(item);
      if (problem) this.problems.push(`${name}: ${JSON.stringify(item.slice(0, 60))} ${problem}`);
    }
    return items;
  }

  /** A secret of at least 32 characters; null when unset. */
  secret(name: string): string | null {
    const raw = this.env[name];
    if (!raw) return null;
    if (raw.length < 32) this.problems.push(`${name}: expected at least 32 characters (random), got ${raw.length}`);
    return raw;
  }
}
