import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, request, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { CreateBucketCommand, GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, PutBucketCorsCommand, PutObjectCommand, S3Client, type HeadObjectCommandOutput } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { setEnv } from './env';
import { MEMORY_TMP } from './memory-tmp';

// A real S3 protocol server (s3rver) on 127.0.0.1 with a bucket `cdn` whose CORS rule lets pages
// load bundles with `crossorigin` (as docs/publishing.md asks of a platform team), and a
// gateway in front of it that refuses chosen writes like a bucket policy or a broken network.

export const BUCKET = 'cdn';

export interface LocalS3 {
  endpoint: string;
  client: S3Client;
  /** Keys under `prefix`, without it, sorted. */
  keys(prefix: string): Promise<string[]>;
  head(key: string): Promise<HeadObjectCommandOutput>;
  /** The bytes as stored (gzip bytes for an object stored with Content-Encoding: gzip). */
  body(key: string): Promise<Buffer>;
  /** The bytes a browser gets after content decoding: the stored bytes, gunzipped when stored gzip-encoded. */
  content(key: string): Promise<Buffer>;
  /** A plain HTTP GET as a browser makes it (Accept-Encoding: gzip), without the SDK: status, headers, bytes on the wire. */
  fetch(key: string): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>;
  /** Writes an object directly (tampering with the bucket), once a read sees it. */
  put(key: string, body: Buffer | string): Promise<void>;
  close(): Promise<void>;
}

/**
 * s3rver accepts any signature made with its own key; the SDK (the tests' and the compiler's)
 * finds it through the standard chain, in the environment from startS3() until close(), which puts
 * back what was there: a file that shares its worker leaves no credentials to the next.
 */
const LOCAL_CREDENTIALS = { AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER', AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' };

/** What s3rver's file store (its `store`, untyped) does with a bucket's configurations (subresources): those of an object have a key. */
interface SubresourceStore {
  getSubresource(bucket: string, key: string | undefined, type: string): Promise<unknown>;
  putSubresource(bucket: string, key: string | undefined, resource: { type: string }): Promise<unknown>;
  deleteSubresource(bucket: string, key: string | undefined, type: string): Promise<unknown>;
  deleteBucket(bucket: string): Promise<unknown>;
}

const isSubresourceStore = (store: unknown): store is SubresourceStore =>
  !!store && typeof store === 'object' && ['getSubresource', 'putSubresource', 'deleteSubresource', 'deleteBucket'].every((m) => typeof Reflect.get(store, m) === 'function');

/**
 * s3rver's middleware reads the bucket's CORS and website configurations from their files on every
 * request (cors.js, website.js: an XML parse, and a failed open when there is none), about a tenth
 * of its CPU in the publishing tests. Each is kept here as read, until it is written or removed
 * through the server (the only writer): the same answers.
 */
function keepBucketConfigs(store: unknown): void {
  if (!isSubresourceStore(store)) return;
  const kept = new Map<string, Promise<unknown>>();
  const { getSubresource, putSubresource, deleteSubresource, deleteBucket } = store;
  const forget = (bucket: string) => [...kept.keys()].filter((k) => k.startsWith(`${bucket}/`)).forEach((k) => kept.delete(k));
  store.getSubresource = (bucket, key, type) => {
    if (key !== undefined) return getSubresource.call(store, bucket, key, type);
    const id = `${bucket}/${type}`;
    let read = kept.get(id);
    if (!read) {
      read = getSubresource.call(store, bucket, key, type);
      kept.set(id, read);
      // A failed read is not kept; a later one kept meanwhile stays.
      const failed = read;
      failed.catch(() => kept.get(id) === failed && kept.delete(id));
    }
    return read;
  };
  store.putSubresource = (bucket, key, resource) => (forget(bucket), putSubresource.call(store, bucket, key, resource).finally(() => forget(bucket)));
  store.deleteSubresource = (bucket, key, type) => (forget(bucket), deleteSubresource.call(store, bucket, key, type).finally(() => forget(bucket)));
  store.deleteBucket = (bucket) => (forget(bucket), deleteBucket.call(store, bucket).finally(() => forget(bucket)));
}

export async function startS3(): Promise<LocalS3> {
  // s3rver keeps each object as files (the object, its metadata): many small writes.
  const directory = mkdtempSync(join(MEMORY_TMP, 'tagc-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory });
  keepBucketConfigs(Reflect.get(server, 'store'));
  const { port } = await server.run();
  const restoreEnv = setEnv(LOCAL_CREDENTIALS);
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true });
  try {
    await client.send(new CreateBucketCommand({ Bucket: BUCKET }));
    await client.send(new PutBucketCorsCommand({ Bucket: BUCKET, CORSConfiguration: { CORSRules: [{ AllowedOrigins: ['*'], AllowedMethods: ['GET', 'HEAD'], AllowedHeaders: ['*'], MaxAgeSeconds: 3000 }] } }));
  } catch (error) {
    client.destroy();
    await server.close();
    restoreEnv();
    throw error;
  }
  const read = async (key: string) => {
    const out = await client.send(new GetObjectCommand({ Bucket: BUCKET, Key: key }));
    return Buffer.from(await out.Body!.transformToByteArray());
  };
  return {
    endpoint,
    client,
    async keys(prefix) {
      const out = await client.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: prefix, MaxKeys: 1000 }));
      return (out.Contents ?? []).map((c) => c.Key!.slice(prefix.length)).sort();
    },
    head: (key) => client.send(new HeadObjectCommand({ Bucket: BUCKET, Key: key })),
    body: read,
    async content(key) {
      const out = await client.send(new GetObjectCommand({ Bucket: BUCKET, Key: key }));
      const bytes = Buffer.from(await out.Body!.transformToByteArray());
      return out.ContentEncoding === 'gzip' ? gunzipSync(bytes) : bytes;
    },
    fetch: (key) =>
      new Promise((resolve, reject) => {
        const req = request(`${endpoint}/${BUCKET}/${key.split('/').map(encodeURIComponent).join('/')}`, { headers: { 'Accept-Encoding': 'gzip, deflate, br' } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
          res.on('error', reject);
        });
        req.on('error', reject);
        req.end();
      }),
    async put(key, body) {
      const bytes = Buffer.from(body);
      await client.send(new PutObjectCommand({ Bucket: BUCKET, Key: key, Body: bytes }));
      // s3rver answers before its file is written: wait until a read sees the bytes.
      for (let i = 0; i < 50 && !(await read(key).catch(() => Buffer.alloc(0))).equals(bytes); i++) await new Promise((r) => setTimeout(r, 20));
    },
    async close() {
      client.destroy();
      await server.close();
      restoreEnv();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** What the gateway does with a request: pass it on, deny it (403 AccessDenied) or drop the connection. */
export type Verdict = 'pass' | 'deny' | 'drop';

export interface Gateway {
  endpoint: string;
  /** Requests the gateway refused, as `METHOD /bucket/key`. */
  refused: string[];
  close(): Promise<void>;
}

/** An HTTP gateway to `upstream` that refuses the requests `judge` names. The Host header passes unchanged, so signatures hold. */
export async function startGateway(upstream: string, judge: (method: string, key: string) => Verdict): Promise<Gateway> {
  const refused: string[] = [];
  const target = new URL(upstream);
  const server = createServer((req: IncomingMessage, res) => {
    const path = decodeURIComponent((req.url ?? '/').split('?')[0]!);
    const key = path.replace(new RegExp(`^/${BUCKET}/`), '');
    const verdict = judge(req.method ?? 'GET', key);
    if (verdict === 'drop') {
      refused.push(`${req.method} ${path}`);
      req.socket.destroy();
      return;
    }
    if (verdict === 'deny') {
      refused.push(`${req.method} ${path}`);
      req.resume();
      req.on('end', () => {
        res.writeHead(403, { 'Content-Type': 'application/xml' });
        res.end(`<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>AccessDenied</Code><Message>Access Denied by the bucket policy</Message><Key>${key}</Key></Error>`);
      });
      return;
    }
    const forward = request({ host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers }, (up) => {
      res.writeHead(up.statusCode ?? 502, up.headers);
      up.pipe(res);
    });
    forward.on('error', () => res.destroy());
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    refused,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
