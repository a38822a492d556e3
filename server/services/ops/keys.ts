// Creating, listing, revoking and rotating API keys in the database; used by the running server and by the CLI alone.
import { generateKey, hashKey, KEY_SCOPES, type KeyScope, lookupPrefix } from '../../../core/keys.js';
import { isPrintable } from '../../../core/terminal.js';
import { isExpired, type KeyRecord } from '../../auth.js';
import { clock } from '../../clock.js';
import type { Db } from '../../db.js';

export type KeyInfo = Omit<KeyRecord, 'hash'>;

export class KeyStoreError extends Error {}

export function keyInfo({ hash: _hash, ...info }: KeyRecord): KeyInfo {
  return info;
}

export class KeyStore {
  constructor(private readonly db: Db) {}

  list(): Promise<KeyRecord[]> {
    return this.db.rows<KeyRecord>('listKeys');
  }

  async create(options: {
    name: string;
    account?: string | undefined;
    rpm?: number | null | undefined;
    scopes?: KeyScope[] | undefined;
    expiresAt?: Date | null | undefined;
  }): Promise<{ key: string; info: KeyInfo }> {
    const name = options.name.trim();
    if (!name || name.length > 120 || !isPrintable(name))
      throw new KeyStoreError('a key needs a --name of 1 to 120 printable characters');
    const account = (options.account ?? 'default').trim();
    if (!account || account.length > 120 || !isPrintable(account))
      throw new KeyStoreError('--account must be 1 to 120 printable characters');
    const rpm = options.rpm ?? null;
    if (rpm !== null && (!Number.isInteger(rpm) || rpm < 1 || rpm > 100_000_000)) {
      throw new KeyStoreError('--rpm must be an integer from 1 to 100000000');
    }
    const scopes = options.scopes ?? ['read'];
    if (!scopes.length || scopes.some((s) => !KEY_SCOPES.includes(s)))
      throw new KeyStoreError(`--scope takes ${KEY_SCOPES.join(' and/or ')}`);
    const key = generateKey();
    const [record] = await this.db.rows<KeyRecord>('insertKey', {
      prefix: lookupPrefix(key),
      hash: hashKey(key),
      name,
      account,
      rpm,
      scopes,
      expiresAt: options.expiresAt ?? null,
    });
    return { key, info: keyInfo(record!) };
  }

  /**
   * A new key in place of the one `ref` names, with its name, account, rate and scopes and the expiry given; the old
   * one is revoked now, or left `graceMs` to run (never longer than it had) so that its users can move over.
   */
  async rotate(
    ref: string,
    options: { expiresAt: Date | null; graceMs: number | null; nowMs: number },
  ): Promise<{ key: string; info: KeyInfo; old: KeyInfo }> {
    const old = await this.find(ref);
    if (isExpired(old, options.nowMs))
      throw new KeyStoreError(`key ${old.id} (${old.prefix}…) expired at ${old.expiresAt}: create a new key instead`);
    const key = generateKey();
    const graceEnds = options.graceMs === null ? null : new Date(options.nowMs + options.graceMs);
    const [record] = await this.db.rows<KeyRecord>('rotateKey', {
      id: old.id,
      prefix: lookupPrefix(key),
      hash: hashKey(key),
      expiresAt: options.expiresAt,
      graceEnds,
    });
    if (!record) throw new KeyStoreError(`key ${old.id} (${old.prefix}…) was revoked meanwhile`);
    const after = (await this.list()).find((k) => k.id === old.id)!;
    return { key, info: keyInfo(record), old: keyInfo(after) };
  }

  /** Revokes the key with this numeric id, or the one key whose prefix starts with `ref` (or that `ref` starts with). */
  async revoke(ref: string): Promise<KeyInfo> {
    const target = await this.find(ref);
    const [record] = await this.db.rows<KeyRecord>('revokeKey', { id: target.id });
    return keyInfo(record!);
  }

  /** The one active key `ref` names: its numeric id, or a prefix of at least 6 characters. */
  private async find(ref: string): Promise<KeyRecord> {
    const all = await this.list();
    const matches = /^\d+$/.test(ref)
      ? all.filter((k) => k.id === Number(ref))
      : ref.length >= 6
        ? all.filter((k) => k.prefix.startsWith(ref) || ref.startsWith(k.prefix))
        : [];
    if (matches.length === 0)
      throw new KeyStoreError(
        `no key matches ${JSON.stringify(ref)} (give an id, or a prefix of at least 6 characters)`,
      );
    if (matches.length > 1) {
      throw new KeyStoreError(
        `${JSON.stringify(ref)} matches ${matches.length} keys (ids ${matches.map((k) => k.id).join(', ')}): give the id`,
      );
    }
    const target = matches[0]!;
    if (target.revoked) throw new KeyStoreError(`key ${target.id} (${target.prefix}…) is already revoked`);
    return target;
  }
}

/** Runs one keys operation of the control protocol (the server's socket and the CLI's direct mode share it). */
export async function runKeyOperation(
  store: KeyStore,
  op: string,
  args: Record<string, unknown> = {},
): Promise<unknown> {
  // Lifetimes come as durations and are counted from the clock of the process that runs the operation.
  const ms = (v: unknown) => (typeof v === 'number' ? v : null);
  const expiresAt = ms(args.expiresInMs) === null ? null : new Date(clock.now() + ms(args.expiresInMs)!);
  switch (op) {
    case 'keys.list':
      return (await store.list()).map(keyInfo);
    case 'keys.create':
      return store.create({
        name: String(args.name ?? ''),
        account: typeof args.account === 'string' ? args.account : undefined,
        rpm: typeof args.rpm === 'number' ? args.rpm : null,
        scopes: Array.isArray(args.scopes) ? (args.scopes as KeyScope[]) : undefined,
        expiresAt,
      });
    case 'keys.revoke':
      return store.revoke(String(args.ref ?? ''));
    case 'keys.rotate':
      return store.rotate(String(args.ref ?? ''), { expiresAt, graceMs: ms(args.graceMs), nowMs: clock.now() });
    default:
      throw new KeyStoreError(`unknown operation ${op}`);
  }
}
