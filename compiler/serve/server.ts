import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import sirv from 'sirv';

// One small HTTP server for `tagc serve`, the browser tests and the bench: static files from a
// folder (sirv) plus optional routes (a collector, a demo page). Always bound to 127.0.0.1.

export interface ReceivedRequest {
  method: string;
  url: string;
  body: string;
  headers: Record<string, string | string[] | undefined>;
}

export type Route = (req: IncomingMessage, res: ServerResponse, body: string) => boolean | Promise<boolean>;

export interface RunningServer {
  server: Server;
  port: number;
  origin: string;
  /** Every request the server answered, in order. */
  received: ReceivedRequest[];
  close(): Promise<void>;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', () => resolve(''));
  });
}

export async function startServer(options: { dir?: string; routes?: Route[]; port?: number }): Promise<RunningServer> {
  const files = options.dir ? sirv(options.dir, { dev: true, etag: true, dotfiles: false }) : undefined;
  const received: ReceivedRequest[] = [];
  const server = createServer(async (req, res) => {
    const body = await readBody(req);
    received.push({ method: req.method ?? 'GET', url: req.url ?? '/', body, headers: req.headers });
    // Bundles are loaded cross-origin with integrity + crossorigin, which needs CORS.
    res.setHeader('Access-Control-Allow-Origin', req.headers.origin ?? '*');
    res.setHeader('Access-Control-Allow-Credentials', 'true');
    try {
      for (const route of options.routes ?? []) if (await route(req, res, body)) return;
      if (files) {
        files(req, res, () => {
          res.statusCode = 404;
          res.end('not found');
        });
        return;
      }
      res.statusCode = 404;
      res.end('not found');
    } catch (error) {
      res.statusCode = 500;
      res.end(String(error));
    }
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    server,
    port,
    origin: `http://127.0.0.1:${port}`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}

/** Answers analytics beacons (`/b/ss/…`) like the collection servers: a 1×1 GIF. */
export const collectorRoute: Route = (req, res) => {
  if (!req.url?.startsWith('/b/ss/')) return false;
  res.setHeader('Content-Type', 'image/gif');
  res.end(Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64'));
  return true;
};
