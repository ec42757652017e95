import { DeleteObjectCommand, GetObjectCommand, paginateListObjectsV2, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import type { ObjectHeaders } from './layout';
import { TargetError, type StorageTarget, type StoredObject } from './target';

// An S3-compatible bucket through the AWS SDK v3 client and the standard credential chain
// (environment, shared config and SSO profiles, web identity / OIDC, instance roles). With
// --endpoint (R2, MinIO, s3rver) requests use path-style addressing.

export interface S3Options {
  endpoint?: string;
  region?: string;
}

export function parseS3Url(url: string): { bucket: string; prefix: string } {
  const m = /^s3:\/\/([a-z0-9][a-z0-9.-]{1,61}[a-z0-9])(?:\/(.*))?$/.exec(url);
  if (!m) throw new Error(`"${url}" is not an S3 location (s3://<bucket>/<prefix>, bucket names are lower-case)`);
  const prefix = (m[2] ?? '').replace(/^\/+|\/+$/g, '');
  if (prefix.split('/').some((part) => part === '.' || part === '..')) throw new Error(`"${url}": the prefix may not contain . or .. segments`);
  return { bucket: m[1]!, prefix: prefix ? `${prefix}/` : '' };
}

function reason(error: unknown): string {
  if (error instanceof S3ServiceException) return `${error.name} (HTTP ${error.$metadata.httpStatusCode ?? '?'}): ${error.message}`;
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

export class S3Target implements StorageTarget {
  readonly location: string;
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly prefix: string;
  private readonly region: string | undefined;

  constructor(
    url: string,
    private readonly options: S3Options = {},
  ) {
    ({ bucket: this.bucket, prefix: this.prefix } = parseS3Url(url));
    this.location = `s3://${this.bucket}${this.prefix ? `/${this.prefix.slice(0, -1)}` : ''}`;
    this.region = options.region ?? process.env.AWS_REGION ?? process.env.AWS_DEFAULT_REGION ?? (options.endpoint ? 'us-east-1' : undefined);
    this.client = new S3Client({ region: this.region, endpoint: options.endpoint, forcePathStyle: Boolean(options.endpoint) });
  }

  async get(key: string): Promise<StoredObject | null> {
    try {
      // The SDK hands the body over as stored: a gzip-encoded object comes back as its gzip bytes.
      const out = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: this.prefix + key }));
      const encoding = out.ContentEncoding?.trim().toLowerCase();
      return { body: Buffer.from(await out.Body!.transformToByteArray()), contentEncoding: encoding && encoding !== 'identity' ? encoding : null };
    } catch (error) {
      // A missing object, never a missing bucket (which must stop the command).
      if (error instanceof S3ServiceException && error.name !== 'NoSuchBucket' && (error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404)) return null;
      throw new TargetError('GET', key, this.location, reason(error));
    }
  }

  async put(key: string, body: Buffer, headers: ObjectHeaders): Promise<void> {
    try {
      await this.client.send(
        new PutObjectCommand({ Bucket: this.bucket, Key: this.prefix + key, Body: body, ContentType: headers.contentType, CacheControl: headers.cacheControl, ContentEncoding: headers.contentEncoding }),
      );
    } catch (error) {
      throw new TargetError('PUT', key, this.location, reason(error));
    }
  }

  async delete(key: string): Promise<void> {
    try {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.prefix + key }));
    } catch (error) {
      throw new TargetError('DELETE', key, this.location, reason(error));
    }
  }

  async list(prefix: string): Promise<string[]> {
    const keys: string[] = [];
    try {
      for await (const page of paginateListObjectsV2({ client: this.client }, { Bucket: this.bucket, Prefix: this.prefix + prefix })) {
        for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key.slice(this.prefix.length));
      }
    } catch (error) {
      throw new TargetError('LIST', prefix, this.location, reason(error));
    }
    return keys.sort();
  }

  defaultPublicUrl(): string | null {
    const path = `${this.bucket}/${this.prefix}`.replace(/\/$/, '');
    if (this.options.endpoint) return `${this.options.endpoint.replace(/\/+$/, '')}/${path}`;
    return this.region ? `https://${this.bucket}.s3.${this.region}.amazonaws.com${this.prefix ? `/${this.prefix.slice(0, -1)}` : ''}` : null;
  }
}
