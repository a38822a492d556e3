// The api part of a process: the HTTP API, the SSE and WebSocket streams, MCP and the pages on one uWS app, the keys they admit
// (reloaded from the database, their streams ended when they may no longer hold them), and the port they listen on.
// Mounted before the database opens, so /live and /ready answer from the start; served once the services are built.
import type { HttpFigures } from '../../core/http-figures.js';
import { type KeyState, keyEvents, keyStates } from '../../core/key-events.js';
import { isLoopback } from '../access-mode.js';
import { KeyIndex } from '../auth.js';
import { clock } from '../clock.js';
import type { Config } from '../config.js';
import type { ControlContext, KeyChangeBy } from '../control-ops.js';
import { mountRoutes } from '../http/pipeline.js';
import { type TemplatedApp, type us_listen_socket, uWS } from '../http/uws.js';
import type { Lifetime } from '../lifetime.js';
import { Limiter } from '../limits.js';
import { type Logger, logFailure } from '../log.js';
import { mountMcp } from '../mcp/endpoint.js';
import type { KeyChangeSignal, SurfaceRateLimits } from '../ports/index.js';
import { LocalRateLimits } from '../rate-buckets.js';
import type { Readiness } from '../readiness.js';
import { routeTable } from '../route-table.js';
import type { Services } from '../services/index.js';
import { StartupError } from '../startup-error.js';
import type { StreamHub } from '../stream/hub.js';
import { SocketHub, socketOptions } from '../stream/sockets.js';
import { StreamTickets } from '../stream/tickets.js';
import { mountWeb } from '../web/mount.js';

/** uSockets' listen options (the typings declare them only as a type-level enum): SO_REUSEPORT, or not. */
const LIBUS_LISTEN_DEFAULT = 0;
const LIBUS_LISTEN_EXCLUSIVE_PORT = 1;

export class ApiRole {
  /** The keys every surface admits, loaded from the database once it is open. */
  readonly keys: KeyIndex;
  readonly tickets: StreamTickets;
  /** The WebSocket streams, fed by the hub and fanned out by the app's pub/sub. */
  readonly sockets: SocketHub;
  private readonly buckets: SurfaceRateLimits;
  private readonly surfaces: { serve(services: Services): void }[];
  private readonly app: TemplatedApp;
  private listenSocket: us_listen_socket | null = null;

  constructor(
    private readonly config: Config,
    private readonly log: Logger,
    {
      readiness,
      startedAt,
      figures,
      hub,
      buckets,
    }: {
      readiness: Readiness;
      startedAt: number;
      figures: HttpFigures;
      hub: StreamHub;
      /** The rate-limit buckets: this process's own unless given (a scale-out's, shared through the broker). */
      buckets?: SurfaceRateLimits;
    },
  ) {
    // Anonymous callers of a server only this machine can reach are its operator: they read /metrics too.
    this.keys = new KeyIndex({
      keyRpm: config.keyRpm,
      anonRpm: config.anonRpm,
      anon: config.anon,
      anonMetrics: config.anon && isLoopback(config.host),
    });
    this.buckets = buckets ?? new LocalRateLimits(config.maxRateClients);
    this.tickets = new StreamTickets(this.keys, config.streamTicketSecret);
    const { keys, tickets } = this;
    this.app = uWS.App();
    this.sockets = new SocketHub(hub, (topic, frame) => this.app.publish(topic, frame, false), log, config.stream);
    const mcp = mountMcp(this.app, {
      keys,
      limiter: new Limiter(this.buckets.forSurface()),
      gate: readiness,
      log,
      figures,
      allowedOrigins: config.mcpAllowedOrigins,
      compressMinBytes: config.compressMinBytes,
    });
    const web = config.web
      ? mountWeb(this.app, {
          keys,
          limiter: new Limiter(this.buckets.forSurface()),
          gate: readiness,
          tickets,
          log,
          figures,
        })
      : null;
    const router = mountRoutes(this.app, routeTable(readiness, startedAt), {
      keys,
      limiter: new Limiter(this.buckets),
      gate: readiness,
      log,
      figures,
      tickets,
      compressMinBytes: config.compressMinBytes,
      websocket: socketOptions(config.stream),
    });
    this.surfaces = [router, mcp, ...(web ? [web] : [])];
  }

  /**
   * Listens without SO_REUSEPORT unless `shared` (an api node of a scale-out, whose siblings listen on the same port and
   * share its connections): uWS shares ports by default, which would let a second server silently split the traffic.
   */
  async listen(shared = false): Promise<number> {
    const { host, port } = this.config;
    const listen = this.app.listen as unknown as (
      host: string,
      port: number,
      options: number,
      cb: (s: us_listen_socket | false) => void,
    ) => void;
    this.listenSocket = await new Promise<us_listen_socket>((resolve, reject) => {
      listen.call(this.app, host, port, shared ? LIBUS_LISTEN_DEFAULT : LIBUS_LISTEN_EXCLUSIVE_PORT, (socket) =>
        socket
          ? resolve(socket)
          : reject(
              new StartupError(
                `cannot listen on ${host}:${port}: the port is in use, or the address is not this machine's`,
              ),
            ),
      );
    });
    return uWS.us_socket_local_port(this.listenSocket);
  }

  /** Stops taking connections; open ones end with the process's shutdown. */
  stopListening(): void {
    if (this.listenSocket) uWS.us_listen_socket_close(this.listenSocket);
  }

  /** Every surface answers from the services from now on. */
  serve(services: Services): void {
    for (const surface of this.surfaces) surface.serve(services);
  }

  /** Drops a revoked key's rate-limit bucket. */
  forgetKey(id: number): void {
    this.buckets.forget(`key:${id}`);
  }

  /**
   * Loads the keys from the database, and again every KEY_RELOAD_S (keys changed by the CLI straight in an external
   * database reach this process so). The audit trail: every key created, revoked or expired since the last reading is
   * logged once, with who did it (this server's keys CLI, or another process writing the database), never the key
   * itself. Resolves to how the control socket changes keys. With `changes` (a scale-out's), keys are reloaded as soon
   * as another node or a keys CLI says they changed, and a change made here is told to the others.
   */
  async watchKeys(
    services: Services,
    hub: StreamHub,
    life: Lifetime,
    changes?: KeyChangeSignal,
  ): Promise<ControlContext['changeKeys']> {
    const { keys, log, config } = this;
    let keyStatesKnown: Map<number, KeyState> | null = null;
    const reloadKeys = async (by: KeyChangeBy = 'database', logged: ReadonlySet<number> = new Set()) => {
      const records = await services.keys.list();
      const now = clock.now();
      if (keyStatesKnown) {
        for (const e of keyEvents(keyStatesKnown, records, now)) {
          if (!logged.has(e.id))
            log.info(
              { keyId: e.id, name: e.name, scopes: e.scopes, by: e.event === 'expired' ? 'expiry' : by },
              `key ${e.event}`,
            );
        }
      }
      keyStatesKnown = keyStates(records, now);
      keys.load(records, now);
      // Streams of a key no longer active end now, and a key whose rate limit was lowered keeps what it still allows.
      hub.enforce((client) => keys.rpmOf(client));
    };
    // One reload or change at a time: a periodic reload between a CLI's change and its own reload would log that change
    // as another process's.
    let keysBusy: Promise<unknown> = Promise.resolve();
    const oneAtATime = <T>(work: () => Promise<T>): Promise<T> => {
      const run = keysBusy.then(work);
      keysBusy = run.catch(() => undefined);
      return run;
    };
    const changeKeys: ControlContext['changeKeys'] = (change, announce) =>
      oneAtATime(async () => {
        const result = await change();
        await reloadKeys('cli', announce?.(result));
        changes?.announce();
        return result;
      });
    changes?.onChange(() => oneAtATime(() => reloadKeys()).catch((err) => logFailure(log, err, 'key reload failed')));
    await reloadKeys();
    const keyTimer = setInterval(
      () => oneAtATime(() => reloadKeys()).catch((err) => logFailure(log, err, 'key reload failed')),
      config.keyReloadS * 1000,
    );
    keyTimer.unref();
    life.onClose(() => clearInterval(keyTimer));
    return changeKeys;
  }
}
