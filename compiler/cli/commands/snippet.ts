import { parseArgs } from 'node:util';
import { snippets } from '../../publish/snippet';
import { envOf, TARGET_HELP, TARGET_OPTIONS, targetOf } from './target-options';

const HELP = `tagc snippet <env> [--build <id>]: the embed code of an environment

${TARGET_HELP}  --build <id>          the build to pin (default: the build <env> runs now)
  --public-url <url>    where pages reach the publish root, e.g. https://cdn.firm.example/tagc
                        (default $TAGC_PUBLIC_URL, else the bucket's own URL)
  --json                print { env, buildId, pinned: { src, integrity, html }, stable: { src, html } }

Prints the pinned <script src integrity crossorigin> of that build, then the stable-URL tag that
follows promote and rollback (README: "Embedding a published build"). Read-only.
`;

export async function snippetCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({ args: argv, allowPositionals: true, options: { ...TARGET_OPTIONS, build: { type: 'string' }, 'public-url': { type: 'string' }, json: { type: 'boolean' } } });
  if (values.help) {
    process.stdout.write(HELP);
    return 0;
  }
  const env = envOf(positionals[0], 'snippet');
  const target = targetOf(values);
  const publicUrl = values['public-url'] ?? process.env.TAGC_PUBLIC_URL ?? target.defaultPublicUrl();
  if (!publicUrl) throw new Error(`where do pages reach ${target.location}? pass --public-url https://<cdn host>/<prefix> or set TAGC_PUBLIC_URL`);
  const s = await snippets(target, env, publicUrl, values.build);
  process.stdout.write(values.json ? `${JSON.stringify(s, null, 2)}\n` : `${s.pinned.html}\n\n${s.stable.html}\n`);
  return 0;
}
