import { parseArgs } from 'node:util';
import { promote, rollback } from '../../publish';
import { BUILD_ID } from '../../publish/layout';
import { moveLines } from '../../publish/report';
import { envOf, TARGET_HELP, TARGET_OPTIONS, targetOf } from './target-options';

const PROMOTE_HELP = `tagc promote <env> --build <id>: point an environment at a build already published

${TARGET_HELP}  --build <id>          the build id (tagc publish and tagc releases print it)
  --actor <who>         recorded in the release history (default: CI actor or user)

Only the pointer moves: <env>/container.min.js gets the bytes of builds/<id>/<env>/…, checked
against the build's integrity; nothing is rebuilt. prod also moves the stable viewer.
`;

const ROLLBACK_HELP = `tagc rollback <env> [--to <id>]: point an environment back at the build it ran before

${TARGET_HELP}  --to <id>, --build <id>  an earlier release of <env> to return to (default: the one
                        before the current release). A --to value shaped like a build id is the
                        build; any other --to value is the target
  --actor <who>         recorded in the release history (default: CI actor or user)
`;

const parse = (argv: string[]) => parseArgs({ args: argv, allowPositionals: true, options: { ...TARGET_OPTIONS, build: { type: 'string' } } });

export async function promoteCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parse(argv);
  if (values.help) {
    process.stdout.write(PROMOTE_HELP);
    return 0;
  }
  const env = envOf(positionals[0], 'promote');
  if (!values.build) throw new Error('which build? tagc promote <env> --build <id> (tagc releases lists them)');
  const report = await promote(targetOf(values), env, values.build, { actor: values.actor, dryRun: values['dry-run'] });
  process.stdout.write(`${moveLines(report).join('\n')}\n`);
  return 0;
}

export async function rollbackCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parse(argv);
  if (values.help) {
    process.stdout.write(ROLLBACK_HELP);
    return 0;
  }
  const env = envOf(positionals[0], 'rollback');
  const ids = [...(values.to ?? []).filter((v) => BUILD_ID.test(v)), ...(values.build ? [values.build] : [])];
  if (ids.length > 1) throw new Error(`one build to return to at a time (got ${ids.join(', ')})`);
  const report = await rollback(targetOf(values), env, { to: ids[0], actor: values.actor, dryRun: values['dry-run'] });
  process.stdout.write(`${moveLines(report).join('\n')}\n`);
  return 0;
}
