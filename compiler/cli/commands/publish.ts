import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { publish } from '../../publish';
import { publishLines } from '../../publish/report';
import { rootDir } from './build';
import { TARGET_HELP, TARGET_OPTIONS, targetOf } from './target-options';

const HELP = `tagc publish: upload the build to S3-compatible storage or a folder and point dev at it

  tagc publish --to s3://<bucket>/<prefix> [--endpoint <url>] [--region <r>]
  tagc publish --to <folder>

${TARGET_HELP}  --from <dir>          the build folder (default ./build)
  --commit <sha>        the build's commit (default $GITHUB_SHA, else git HEAD)
  --actor <who>         recorded in dev's release history (default: CI actor or user)
  --no-precompress      store the bundles as they are, for a CDN that compresses by itself
                        (default: gzip by zopfli, stored with Content-Encoding: gzip)
  --json                print the report as JSON

Uploads builds/<commit>-<build hash>/ (bundles, manifest, graphs, schemas, viewer) and the maps
under private/, reads every object back, then moves dev's stable URL and appends its history.
Existing objects with the same bytes are skipped; with other bytes, nothing is written.
The bundles and debug companions are precompressed (zopfli, a few seconds of CPU on worker
threads): every visitor gets the smallest gzip whatever the CDN does; their integrity is that of
the decoded bytes, as browsers check it. A folder gets a <file>.gz beside each (nginx gzip_static).
The gzip bytes are kept in node_modules/.cache/tagc/gzip/: the same build is not compressed
again (a publish after --dry-run, a re-run, another target).
`;

export async function publishCommand(argv: string[]): Promise<number> {
  const { values } = parseArgs({ args: argv, options: { ...TARGET_OPTIONS, from: { type: 'string' }, commit: { type: 'string' }, 'no-precompress': { type: 'boolean' }, json: { type: 'boolean' } } });
  if (values.help) {
    process.stdout.write(HELP);
    return 0;
  }
  const root = rootDir();
  const report = await publish(targetOf(values), {
    buildDir: values.from ?? join(root, 'build'),
    root,
    commit: values.commit,
    actor: values.actor,
    dryRun: values['dry-run'],
    precompress: !values['no-precompress'],
  });
  process.stdout.write(values.json ? `${JSON.stringify(report, null, 2)}\n` : `${publishLines(report).join('\n')}\n`);
  return 0;
}
