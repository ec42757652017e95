import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { REPO } from '../helpers/container';

// The GitHub workflows cannot run here; this pins what they must do, in order, so that an edit
// that drops a step or moves a pointer outside the dispatch shows up in review.

interface Step {
  name?: string;
  id?: string;
  run?: string;
  uses?: string;
  if?: string;
  with?: Record<string, unknown>;
  env?: Record<string, string>;
}
interface Job {
  if?: string;
  environment?: string;
  container?: string;
  steps: Step[];
}
interface Workflow {
  on: Record<string, unknown>;
  permissions: Record<string, string>;
  concurrency?: { group: string; 'cancel-in-progress': boolean };
  jobs: Record<string, Job>;
}

const workflow = (name: string) => parse(readFileSync(join(REPO, '.github', 'workflows', name), 'utf8')) as Workflow;
const runs = (job: Job) => job.steps.map((s) => s.run ?? s.uses ?? '');
const indexOf = (job: Job, pattern: RegExp) => runs(job).findIndex((r) => pattern.test(r));

describe('the pull-request workflow', () => {
  const wf = workflow('pull-request.yml');
  const job = wf.jobs.check!;

  it('installs, checks, runs the README test command, then posts the rule diff', () => {
    expect(Object.keys(wf.on)).toEqual(['pull_request']);
    const order = [/^npm ci\b/, /^npx tagc check$/, /^npm test$/, /npx tagc diff --base origin\/main --format markdown/, /^actions\/github-script@/].map((p) => indexOf(job, p));
    expect(order.every((i) => i >= 0)).toBe(true);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(job.steps[0]!.with?.['fetch-depth']).toBe(0);
    expect(readFileSync(join(REPO, '.ci', 'run'), 'utf8').trim().split('\n').at(-1)).toBe('npm test');
    expect(readFileSync(join(REPO, 'README.md'), 'utf8')).toMatch(/^npm test +#/m);
  });

  it('updates one marked comment instead of adding one per push', () => {
    const script = String(job.steps.find((s) => s.uses?.startsWith('actions/github-script@'))!.with!.script);
    expect(script).toContain('updateComment');
    expect(script).toContain('createComment');
    expect(script).toMatch(/const marker = '<!-- tagc diff -->'/);
    expect(wf.permissions['pull-requests']).toBe('write');
  });
});

describe('the publish workflow', () => {
  const wf = workflow('publish.yml');

  it('on main builds reproducibly, publishes and points dev at the build', () => {
    expect(wf.on.push).toEqual({ branches: ['main'] });
    const job = wf.jobs.publish!;
    expect(job.if).toBe("github.event_name == 'push'");
    const build = indexOf(job, /SOURCE_DATE_EPOCH="\$\(git log -1 --format=%ct\)" npm run build/);
    const publish = indexOf(job, /^npx tagc publish$/);
    expect(build).toBeGreaterThan(0);
    expect(publish).toBeGreaterThan(build);
  });

  it('prunes old builds after the publish only when TAGC_KEEP_BUILDS is set, the count passed through the environment', () => {
    const job = wf.jobs.publish!;
    const prune = job.steps.find((s) => s.run?.includes('npx tagc prune'))!;
    expect(prune.if).toBe("vars.TAGC_KEEP_BUILDS != ''");
    expect(prune.env).toEqual({ KEEP: '${{ vars.TAGC_KEEP_BUILDS }}' });
    expect(prune.run).toBe('npx tagc prune --keep "$KEEP"');
    expect(indexOf(job, /^npx tagc prune/)).toBeGreaterThan(indexOf(job, /^npx tagc publish$/));
  });

  it('moves stg and prod only through a dispatch that names the build, one move at a time', () => {
    const inputs = (wf.on.workflow_dispatch as { inputs: Record<string, { options?: string[] }> }).inputs;
    expect(inputs.command!.options).toEqual(['promote', 'rollback']);
    expect(inputs.environment!.options).toEqual(['stg', 'prod']);
    expect(inputs.build).toBeDefined();
    const job = wf.jobs.move!;
    expect(job.if).toBe("github.event_name == 'workflow_dispatch'");
    expect(job.environment).toBe('${{ inputs.environment }}');
    const move = job.steps.find((s) => s.run?.includes('npx tagc "$COMMAND" "$TARGET_ENV"'))!;
    // Inputs reach the shell through the environment, never pasted into the script.
    expect(move.env).toEqual({ COMMAND: '${{ inputs.command }}', TARGET_ENV: '${{ inputs.environment }}', BUILD: '${{ inputs.build }}' });
    for (const j of Object.values(wf.jobs)) for (const s of j.steps) expect(s.run ?? '').not.toContain('${{');
    expect(wf.concurrency).toEqual({ group: 'tagc-publish', 'cancel-in-progress': false });
    expect(wf.permissions['id-token']).toBe('write');
  });
});
