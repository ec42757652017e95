import { ENV_NAMES } from '../../environments';
import type { EnvName } from '../../graph-types';
import { BUILD_ID } from '../../publish/layout';
import { openTarget } from '../../publish/open-target';
import type { StorageTarget } from '../../publish/target';

// Options every publishing command shares: where the published builds are, and --dry-run.

export const TARGET_OPTIONS = {
  to: { type: 'string', multiple: true },
  endpoint: { type: 'string' },
  region: { type: 'string' },
  'dry-run': { type: 'boolean' },
  actor: { type: 'string' },
  help: { type: 'boolean' },
} as const;

export const TARGET_HELP = `  --to <target>         s3://<bucket>/<prefix> or a folder (default: $TAGC_PUBLISH_TO)
  --endpoint <url>      S3-compatible endpoint: R2, MinIO, s3rver... (default: $AWS_ENDPOINT_URL_S3);
                        path-style requests. Credentials: the standard AWS chain (env, profile, OIDC)
  --region <region>     bucket region (default: AWS configuration; us-east-1 with --endpoint)
  --dry-run             print the plan (objects, pointers); write nothing
`;

export interface TargetValues {
  to?: string[];
  endpoint?: string;
  region?: string;
}

/** The one --to value that is not a build id (rollback's --to may name either). */
export function targetOf(values: TargetValues): StorageTarget {
  const locations = (values.to ?? []).filter((v) => !BUILD_ID.test(v));
  if (locations.length > 1) throw new Error(`one --to target at a time (got ${locations.join(', ')})`);
  const to = locations[0] ?? process.env.TAGC_PUBLISH_TO;
  if (!to) throw new Error('where are the builds published? pass --to s3://<bucket>/<prefix> (or a folder), or set TAGC_PUBLISH_TO');
  return openTarget({ to, endpoint: values.endpoint ?? process.env.AWS_ENDPOINT_URL_S3 ?? process.env.AWS_ENDPOINT_URL, region: values.region });
}

export function envOf(value: string | undefined, command: string): EnvName {
  if (!value) throw new Error(`which environment? tagc ${command} <env> (one of ${ENV_NAMES.join(', ')})`);
  if (!ENV_NAMES.includes(value as EnvName)) throw new Error(`unknown environment "${value}" (one of ${ENV_NAMES.join(', ')})`);
  return value as EnvName;
}
