// Who may call without a key: anonymous access is something a developer turns on, never something production must
// remember to turn off. It is on by default only for the embedded default bound to loopback.
import { BlockList, isIP } from 'node:net';

export interface AccessMode {
  anon: boolean;
  /** Why, in words, for the start-up log. */
  why: string;
}

type Env = Record<string, string | undefined>;

/** NODE_ENV as intended: `Production`, ` production ` and `prod` all mean production. */
export function isProduction(nodeEnv: string | undefined): boolean {
  const value = (nodeEnv ?? '').trim().toLowerCase();
  return value === 'production' || value === 'prod';
}

/** 127.0.0.0/8, ::1 (bracketed or not), ::ffff:127.x and `localhost`: a host only this machine can reach. */
export function isLoopback(host: string): boolean {
  const h = host.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  if (h === 'localhost') return true;
  const family = isIP(h);
  return family !== 0 && LOOPBACK.check(h, family === 4 ? 'ipv4' : 'ipv6');
}

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');
LOOPBACK.addSubnet('::ffff:127.0.0.0', 104, 'ipv6');

/**
 * The access mode for `env` (TAPEWIRE_ANON, TAPEWIRE_ANON_PUBLIC, NODE_ENV), the listening host and the database.
 * `anon` is the parsed TAPEWIRE_ANON (undefined when unset); every refusal is pushed to `problems`.
 */
export function accessMode(
  env: Env,
  anon: boolean | undefined,
  host: string,
  external: boolean,
  problems: string[],
): AccessMode {
  const production = isProduction(env.NODE_ENV);
  const loopback = isLoopback(host);
  if (anon === undefined) {
    if (production) return { anon: false, why: `NODE_ENV=${env.NODE_ENV?.trim()} is production` };
    if (external)
      return {
        anon: false,
        why: 'DATABASE_URL is set (anonymous access is on by default only for the embedded database)',
      };
    if (!loopback) return { anon: false, why: `HOST=${host} is not a loopback address` };
    return { anon: true, why: 'a development run on the embedded database, reachable from this machine only' };
  }
  if (!anon) return { anon: false, why: 'TAPEWIRE_ANON is off' };
  if (production) {
    problems.push(
      `TAPEWIRE_ANON=1 is refused when NODE_ENV is production (NODE_ENV=${JSON.stringify(env.NODE_ENV)}): anonymous access is for development only`,
    );
    return { anon: false, why: 'refused' };
  }
  if (!loopback && env.TAPEWIRE_ANON_PUBLIC !== '1') {
    problems.push(
      `TAPEWIRE_ANON=1 is refused with HOST=${host}, which is not a loopback address: anyone who can reach it could call ` +
        'without a key. Bind to 127.0.0.1, or set TAPEWIRE_ANON_PUBLIC=1 as well to serve anonymous callers on purpose',
    );
    return { anon: false, why: 'refused' };
  }
  return {
    anon: true,
    why: loopback ? 'TAPEWIRE_ANON=1' : `TAPEWIRE_ANON=1 and TAPEWIRE_ANON_PUBLIC=1 on HOST=${host}`,
  };
}
