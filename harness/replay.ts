// A local HTTP server that replays recorded answers for the feeds' tests, never the network: each request is answered
// by `route` from its path and query (at once, or when a test lets it), and recorded.
import { createServer, type Server } from 'node:http';

export interface Answer {
  status?: number;
  body: string;
  headers?: Record<string, string>;
}

export interface Replay {
  url: string;
  /** Every request received so far: its path and query. */
  requests: URL[];
  /** The headers of each request, in the same order. */
  headers: Record<string, string | string[] | undefined>[];
  close(): Promise<void>;
}

export async function startReplay(
  route: (url: URL, headers: Replay['headers'][number]) => Answer | Promise<Answer>,
): Promise<Replay> {
  const requests: URL[] = [];
  const headers: Replay['headers'] = [];
  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://replay');
    requests.push(url);
    headers.push(req.headers);
    const answer = await route(url, req.headers);
    res.writeHead(answer.status ?? 200, { 'content-type': 'application/json', ...answer.headers });
    res.end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    headers,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
