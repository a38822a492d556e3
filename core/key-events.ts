// What became of the API keys between two readings of them, for the audit log: each key created, revoked or expired
// since, by id, name and scopes (never the key, which is not stored).
export type KeyState = 'active' | 'revoked' | 'expired';

export interface KeyRow {
  id: number;
  name: string;
  scopes: readonly string[];
  revoked: boolean;
  /** ISO 8601, or null: never. */
  expiresAt: string | null;
}

export interface KeyEvent {
  event: 'created' | 'revoked' | 'expired';
  id: number;
  name: string;
  scopes: readonly string[];
}

export function keyState(row: KeyRow, nowMs: number): KeyState {
  return row.revoked ? 'revoked' : row.expiresAt !== null && Date.parse(row.expiresAt) <= nowMs ? 'expired' : 'active';
}

export function keyStates(rows: readonly KeyRow[], nowMs: number): Map<number, KeyState> {
  return new Map(rows.map((r) => [r.id, keyState(r, nowMs)]));
}

/** The changes from `before` to `rows` at `nowMs`: a key first seen is created (and then, if it is no longer active, that too). */
export function keyEvents(before: ReadonlyMap<number, KeyState>, rows: readonly KeyRow[], nowMs: number): KeyEvent[] {
  const out: KeyEvent[] = [];
  for (const r of rows) {
    const was = before.get(r.id);
    const is = keyState(r, nowMs);
    const about = { id: r.id, name: r.name, scopes: r.scopes };
    if (was === undefined) out.push({ event: 'created', ...about });
    if (is !== 'active' && was !== is && !(was === 'revoked' && is === 'expired')) out.push({ event: is, ...about });
  }
  return out;
}
