// The control socket: a unix socket in DATA_DIR (owner-only) through which the keys and import CLIs ask the running
// server.
import { chmodSync, mkdirSync, rmSync } from 'node:fs';
import { createConnection, createServer, type Server } from 'node:net';
import { dirname } from 'node:path';

/** One request per connection: a JSON line in, a JSON line out. */
export interface ControlRequest {
  op: string;
  args?: Record<string, unknown>;
}
export type ControlReply = { ok: true; result: unknown } | { ok: false; error: string };
export type ControlHandler = (req: ControlRequest) => Promise<unknown>;

/** The largest request: an import sends one payload's records in one, so that it is written in one transaction. */
export const MAX_REQUEST_BYTES = 256 * 1024 * 1024;

export async function startControlServer(path: string, handle: ControlHandler): Promise<{ close(): Promise<void> }> {
  // The directory's mode is what keeps other users out (the socket is chmod-ed only after it exists).
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  chmodSync(dirname(path), 0o700);
  rmSync(path, { force: true });
  const server: Server = createServer((socket) => {
    let buffer = '';
    socket.setEncoding('utf8');
    socket.on('error', () => socket.destroy());
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      if (buffer.length > MAX_REQUEST_BYTES) return socket.destroy();
      const newline = buffer.indexOf('\n');
      if (newline < 0) return;
      socket.removeAllListeners('data');
      const reply = (r: ControlReply) => socket.end(`${JSON.stringify(r)}\n`);
      let request: ControlRequest;
      try {
        request = JSON.parse(buffer.slice(0, newline)) as ControlRequest;
      } catch {
        return reply({ ok: false, error: 'control request is not JSON' });
      }
      handle(request).then(
        (result) => reply({ ok: true, result }),
        (err: Error) => reply({ ok: false, error: err.message }),
      );
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(path, () => resolve());
  });
  chmodSync(path, 0o600);
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        rmSync(path, { force: true });
      }),
  };
}

/** Sends one request to the server at `path`; resolves null when no server is listening there. */
export function callControl(path: string, request: ControlRequest): Promise<ControlReply | null> {
  return new Promise((resolve, reject) => {
    const socket = createConnection(path);
    let data = '';
    socket.setEncoding('utf8');
    socket.on('connect', () => socket.write(`${JSON.stringify(request)}\n`));
    socket.on('data', (chunk: string) => (data += chunk));
    socket.on('end', () => {
      try {
        resolve(JSON.parse(data) as ControlReply);
      } catch {
        reject(new Error('the server answered the control socket with something that is not JSON'));
      }
    });
    socket.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT' || err.code === 'ECONNREFUSED') resolve(null);
      else reject(err);
    });
  });
}
