import { DirectoryTarget } from './directory-target';
import { S3Target } from './s3-target';
import type { StorageTarget } from './target';

export interface TargetOptions {
  /** s3://<bucket>/<prefix> or a folder. */
  to: string;
  endpoint?: string;
  region?: string;
}

export function openTarget({ to, endpoint, region }: TargetOptions): StorageTarget {
  if (to.startsWith('s3://')) {
    if (endpoint !== undefined && !/^https?:\/\/[^/]+/.test(endpoint)) throw new Error(`--endpoint "${endpoint}" must be an http(s) URL`);
    return new S3Target(to, { endpoint, region });
  }
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(to)) throw new Error(`cannot publish to "${to}": use s3://<bucket>/<prefix> (any S3-compatible store, with --endpoint) or a folder`);
  if (endpoint !== undefined || region !== undefined) throw new Error('--endpoint and --region apply to s3:// targets only');
  return new DirectoryTarget(to);
}
