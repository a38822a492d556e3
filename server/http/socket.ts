// WebSocket routes on the request pipeline: the upgrade request is admitted, validated and logged like any other
// request (surface.ts); a route that upgrades hands the socket to a session of its own until it closes.
import { uWS, type WebSocket, type WebSocketBehavior } from './uws.js';

/** One WebSocket's life from open to close, made by the route's handler once it admitted the upgrade. */
export interface SocketSession {
  open(ws: Socket): void;
  message(ws: Socket, data: ArrayBuffer, isBinary: boolean): void;
  /** The socket closed, from either side: returns why, for the access log. The socket may no longer be used. */
  close(code: number, reason: ArrayBuffer): string;
}

/** What a socket carries: its session, and how its request's access line is written once it closes. */
export interface SocketData {
  session: SocketSession;
  ended(reason: string): void;
}

export type Socket = WebSocket<SocketData>;

/** An answer that upgrades the request to a WebSocket run by `session`. */
export class Upgrade {
  constructor(readonly session: SocketSession) {}
}

export interface SocketOptions {
  /** Seconds without a frame before uWS pings the client, and closes a socket that does not answer (a multiple of 4). */
  idleTimeoutS: number;
  /** Bytes waiting to be sent that a socket may hold: beyond it, uWS drops the messages and cuts the socket. */
  maxBackpressure: number;
  /** The largest frame a client may send; a larger one closes its socket (1009). */
  maxPayloadLength: number;
}

/** The uWS behaviour of a WebSocket route: `upgrade` is the route's pipeline handler, the rest its sessions'. */
export function socketBehavior(
  options: SocketOptions,
  upgrade: NonNullable<WebSocketBehavior<SocketData>['upgrade']>,
): WebSocketBehavior<SocketData> {
  return {
    idleTimeout: options.idleTimeoutS,
    sendPingsAutomatically: true,
    maxBackpressure: options.maxBackpressure,
    // A message dropped for backpressure would be a gap the client cannot see: the socket is cut instead (the
    // binding reads this as an integer whichever build is loaded).
    closeOnBackpressureLimit: 1,
    maxPayloadLength: options.maxPayloadLength,
    compression: uWS.DISABLED,
    upgrade,
    open: (ws) => ws.getUserData().session.open(ws),
    message: (ws, data, isBinary) => ws.getUserData().session.message(ws, data, isBinary),
    close: (ws, code, reason) => {
      const data = ws.getUserData();
      data.ended(data.session.close(code, reason));
    },
  };
}
