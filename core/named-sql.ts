// Named parameters for SQL text: `:name` placeholders compiled once into PostgreSQL's positional `$n`, so a query is
// called with an object of named values and a caller can never pass them in the wrong order.

export interface NamedSql {
  /** The SQL with every `:name` replaced by `$n` (one number per distinct name, in order of first use). */
  text: string;
  /** The parameter names, in `$n` order. */
  names: string[];
}

const NAME_START = /[A-Za-z_]/;
const NAME_PART = /[A-Za-z0-9_]/;

/**
 * Compiles `sql`'s `:name` placeholders. String literals, quoted identifiers, comments and dollar-quoted bodies are
 * left as they are, as is every `::type` cast (so `:ids::int[]` is the parameter `ids` cast to `int[]`).
 */
export function compileNamedSql(sql: string): NamedSql {
  const names: string[] = [];
  let out = '';
  let i = 0;
  const copyUntil = (end: number) => {
    out += sql.slice(i, end);
    i = end;
  };
  while (i < sql.length) {
    const c = sql[i]!;
    if (c === "'" || c === '"') {
      // A doubled quote inside is an escaped quote: skipping to each next quote handles it pair by pair.
      const close = sql.indexOf(c, i + 1);
      copyUntil(close < 0 ? sql.length : close + 1);
    } else if (c === '-' && sql[i + 1] === '-') {
      const eol = sql.indexOf('\n', i);
      copyUntil(eol < 0 ? sql.length : eol);
    } else if (c === '/' && sql[i + 1] === '*') {
      const close = sql.indexOf('*/', i + 2);
      copyUntil(close < 0 ? sql.length : close + 2);
    } else if (c === '$' && /^\$[A-Za-z_]*\$/.test(sql.slice(i))) {
      const tag = /^\$[A-Za-z_]*\$/.exec(sql.slice(i))![0];
      const close = sql.indexOf(tag, i + tag.length);
      copyUntil(close < 0 ? sql.length : close + tag.length);
    } else if (c === ':' && sql[i + 1] === ':') {
      copyUntil(i + 2);
    } else if (c === ':' && NAME_START.test(sql[i + 1] ?? '')) {
      let end = i + 2;
      while (end < sql.length && NAME_PART.test(sql[end]!)) end++;
      const name = sql.slice(i + 1, end);
      let n = names.indexOf(name);
      if (n < 0) n = names.push(name) - 1;
      out += `$${n + 1}`;
      i = end;
    } else {
      copyUntil(i + 1);
    }
  }
  return { text: out, names };
}

/** The values of `params` in `$n` order; throws when a name is missing or one is given that the query does not use. */
export function positionalValues(query: string, sql: NamedSql, params: Record<string, unknown>): unknown[] {
  const given = Object.keys(params);
  const missing = sql.names.filter((n) => !(n in params) || params[n] === undefined);
  const extra = given.filter((n) => !sql.names.includes(n));
  if (missing.length || extra.length) {
    const parts = [
      missing.length ? `missing ${missing.join(', ')}` : '',
      extra.length ? `unknown ${extra.join(', ')}` : '',
    ].filter(Boolean);
    throw new Error(`query ${query}: ${parts.join('; ')} (it takes ${sql.names.join(', ') || 'no parameters'})`);
  }
  return sql.names.map((n) => params[n]);
}
