// Creating, listing and revoking API keys in the database; used by the running server and by the CLI alone.
import { generateKey, hashKey, lookupPrefix } from '../../core/keys.js';
import type { KeyRecord } from '../auth.js';
import type { Db } from '../db.js';

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

  async create(options: { name: string; account?: string | undefined; rpm?: number | null | undefined }): Promise<{ key: string; info: KeyInfo }> {
    const name = options.name.trim();
    if (!name || name.length > 120) throw new KeyStoreError('a key needs a --name of 1 to 120 characters');
    const account = (options.account ?? 'default').trim();
    if (!account || account.length > 120) throw new KeyStoreError('--account must be 1 to 120 characters');
    const rpm = options.rpm ?? null;
    if (rpm !== null && (!Number.isInteger(rpm) || rpm < 1 || rpm > 100_000_000)) {
      throw new KeyStoreError('--rpm must be an integer from 1 to 100000000');
    }
    const key = generateKey();
    const [record] = await this.db.rows<KeyRecord>('insertKey', { prefix: lookupPrefix(key), hash: hashKey(key), name, account, rpm });
    return { key, info: keyInfo(record!) };
  }

  /** Revokes the key with this numeric id, or the one key whose prefix starts with `ref` (or that `ref` starts with). */
  async revoke(ref: string): Promise<KeyInfo> {
    const all = await this.list();
    const matches = /^\d+$/.test(ref)
      ? all.filter((k) => k.id === Number(ref))
      : ref.length >= 6
        ? all.filter((k) => k.prefix.startsWith(ref) || ref.startsWith(k.prefix))
        : [];
    if (matches.length === 0) throw new KeyStoreError(`no key matches ${JSON.stringify(ref)} (give an id, or a prefix of at least 6 characters)`);
    if (matches.length > 1) {
      throw new KeyStoreError(`${JSON.stringify(ref)} matches ${matches.length} keys (ids ${matches.map((k) => k.id).join(', ')}): give the id`);
    }
    const target = matches[0]!;
    if (target.revoked) throw new KeyStoreError(`key ${target.id} (${target.prefix}…) is already revoked`);
    const [record] = await this.db.rows<KeyRecord>('revokeKey', { id: target.id });
    return keyInfo(record!);
  }
}

/** Runs one keys operation of the control protocol (the server's socket and the CLI's direct mode share it). */
export async function runKeyOperation(store: KeyStore, op: string, args: Record<string, unknown> = {}): Promise<unknown> {
  switch (op) {
    case 'keys.list':
      return (await store.list()).map(keyInfo);
    case 'keys.create':
      return store.create({
        name: String(args.name ?? ''),
        account: typeof args.account === 'string' ? args.account : undefined,
        rpm: typeof args.rpm === 'number' ? args.rpm : null,
      });
    case 'keys.revoke':
      return store.revoke(String(args.ref ?? ''));
    default:
      throw new KeyStoreError(`unknown operation ${op}`);
  }
}
