import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compile } from '../../compiler';
import { messagesMarkdown } from '../../compiler/diagnostics/messages-docs';
import { simulate } from '../../compiler/simulate';
import { expandLine, failureText, isMessageCode, messageText, MESSAGES, Msg } from '../../runtime/core/messages';
import { container, DECLARE, removeContainer, ruleSource } from '../helpers/container';
import { realBuild, realBundle } from '../helpers/real-build';

// The runtime's warnings and errors are codes of one table (runtime/core/messages.ts): the debug
// builds print the text, prod prints the code, and simulate and the docs turn codes back into text.

const REPO = join(import.meta.dirname, '..', '..');

function runtimeSources(): string[] {
  const dir = join(REPO, 'runtime');
  return (readdirSync(dir, { recursive: true }) as string[]).filter((f) => f.endsWith('.ts')).map((f) => readFileSync(join(dir, f), 'utf8'));
}

/** The fixed pieces of a text between its `{n}` arguments. */
const pieces = (text: string) => text.split(/\{\d+\}/).map((p) => p.trim()).filter((p) => p.length >= 12);

describe('the runtime message table', () => {
  it('gives every code a level letter, a number and a text, and no two codes one text', () => {
    const codes = Object.values(Msg);
    expect(codes.length).toBeGreaterThan(50);
    for (const code of codes) {
      expect(code).toMatch(/^[EWF][1-9]\d*$/);
      expect(MESSAGES[code].length, code).toBeGreaterThan(5);
    }
    expect(new Set(codes).size).toBe(codes.length);
    expect(new Set(Object.values(MESSAGES)).size).toBe(codes.length);
  });

  it('has a text for every code the runtime says, and every code in it is said somewhere', () => {
    const used = new Set(runtimeSources().flatMap((s) => [...s.matchAll(/\bMsg\.(\w+)/g)].map((m) => m[1]!)));
    const names = Object.keys(Msg);
    for (const name of used) expect(names, name).toContain(name);
    for (const name of names) expect(used, name).toContain(name);
  });

  it('puts the arguments in place and expands only a prod line of a known code', () => {
    expect(messageText(Msg.DataElementFailed, ['pageName', 'x is undefined'])).toBe('Failed to read data element "pageName": x is undefined');
    expect(expandLine(['[tagc] E19', 'pageName', 'x is undefined'])).toEqual(['[tagc] Failed to read data element "pageName": x is undefined']);
    expect(expandLine(['[tagc] E999', 'a'])).toEqual(['[tagc] E999', 'a']);
    expect(expandLine(['[tagc] E19 is not a code line'])).toEqual(['[tagc] E19 is not a code line']);
    expect(isMessageCode('toString')).toBe(false);
  });

  it('reads a coded failure back, its last argument taking the rest, also where an error line quotes it', () => {
    expect(failureText('F1 500')).toBe('Action timed out after 500 ms');
    expect(failureText('F7 DD_RUM init')).toBe('DD_RUM.init is not available after load');
    expect(failureText('F5 https://x.example/a b.js')).toBe('script https://x.example/a b.js failed to load');
    expect(failureText('F2')).toBe('beacon not sent');
    for (const text of ['F1', 'F2 extra', 'F99 1', 'boom', 'F1500']) expect(failureText(text)).toBe(text);
    expect(expandLine(['[tagc] E16', 'custom', 'slow', 'F1 500'])).toEqual(['[tagc] Failed to execute "custom" for "slow" rule: Action timed out after 500 ms']);
    expect(expandLine(['[tagc] E11', 'F9 50'])).toEqual(['[tagc] Data layer entry dropped: took over 50 ms']);
  });

  it('docs/messages.md is up to date with the table (npm run docs:diagnostics) and lists every code', () => {
    const doc = readFileSync(join(REPO, 'docs', 'messages.md'), 'utf8');
    expect(doc).toBe(messagesMarkdown());
    for (const code of Object.values(Msg)) expect(doc).toContain(`| \`${code}\` |`);
  });
});

describe('runtime messages in the real prod build', () => {
  const code = realBundle('prod');
  const debugBundle = realBundle('test');

  it('carries none of the texts, which the test bundle does carry', () => {
    // The A/B client also gives its own page-facing error this prefix (at.js's wording).
    const shared = new Set(['Unexpected error:']);
    const checked = Object.values(MESSAGES).flatMap(pieces).filter((p) => !shared.has(p));
    expect(checked.length).toBeGreaterThan(40);
    for (const piece of checked) expect(code, piece).not.toContain(piece);
    expect(debugBundle).toContain('Data layer must be an Array');
  });

  it('tagc simulate --env prod records a coded line as the text the debug builds print', async () => {
    const push = [{ page: {} }];
    const [prod, test] = await Promise.all(['prod', 'test'].map((env) => simulate({ env, buildDir: realBuild(), url: 'https://www.firm.example/', push })));
    const missing = (r: typeof prod) => r.console.filter((c) => c.text.includes('E10') || c.text.includes('Missing event name'));
    expect(missing(prod)).toEqual([{ level: 'error', text: '[tagc] EVENT NAME VALIDATION FAILED: Missing event name' }]);
    expect(missing(test)).toEqual(missing(prod));
  });
});

describe('a failed action in a prod build', () => {
  let root: string;
  beforeAll(async () => {
    root = container('messages', {
      'rules/slow.ts': ruleSource("{ id: 'slow', description: 'x', events: ['Page Load Completed'], timeout: 500, actions: [{ label: 'hang', sends: 'necessary', run: () => new Promise(() => undefined) }] }", 'rule'),
    });
    await compile({ root, envs: ['prod', 'test'] });
  }, 120_000);
  afterAll(() => removeContainer(root));

  it('is recorded by tagc simulate with the reason and the console line the test build gives', async () => {
    const push = [{ event: 'Page Load Completed' }];
    const [prod, test] = await Promise.all(['prod', 'test'].map((env) => simulate({ env, buildDir: join(root, 'build'), url: 'https://www.firm.example/', push })));
    expect(prod.failed).toEqual([{ rule: 'slow', event: 'Page Load Completed', action: 'custom', error: 'Action timed out after 500 ms' }]);
    expect(test.failed).toEqual(prod.failed);
    const line = '[tagc] Failed to execute "custom" for "slow" rule: Action timed out after 500 ms';
    expect(prod.console).toContainEqual({ level: 'error', text: line });
    expect(test.console).toContainEqual({ level: 'error', text: line });
  });
});

describe('a project module that throws as a page evaluates it, in a prod build', () => {
  let root: string;
  beforeAll(async () => {
    root = container('messages', {
      'rules/broken.ts': `import { rule } from ${JSON.stringify(DECLARE)};\nif ((globalThis as { document?: unknown }).document) throw new Error('broken in a page');\nexport default rule({ id: 'broken', description: 'x', events: ['Page Load Completed'], actions: [{ label: 'a', sends: 'necessary', run: () => undefined }] });\n`,
      'rules/fine.ts': ruleSource("{ id: 'fine', description: 'x', events: ['Page Load Completed'], actions: [{ label: 'b', sends: 'necessary', run: () => undefined }] }", 'rule'),
    });
    await compile({ root, envs: ['prod', 'test'] });
  }, 120_000);
  afterAll(() => removeContainer(root));

  it('is said once as the project failing to be made, and the data layer still takes the pushes; a debug build throws as it evaluates', async () => {
    const push = [{ event: 'Page Load Completed', page: 'home' }];
    const [prod, test] = await Promise.all(['prod', 'test'].map((env) => simulate({ env, buildDir: join(root, 'build'), url: 'https://www.firm.example/', push })));
    expect(prod.console).toEqual([{ level: 'error', text: '[tagc] Failed to make the project (its rules and data elements): broken in a page' }]);
    expect(prod.fired).toEqual([]);
    expect(prod.dataLayer).toEqual(push);
    expect(test.console).toEqual([{ level: 'error', text: 'broken in a page' }]);
  });
});
