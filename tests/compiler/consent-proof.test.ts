import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { compile } from '../../compiler';
import { CompileError, type Diagnostic } from '../../compiler/diagnostics';
import { compileDiagnostics } from '../helpers/diagnostics';
import { container, DECLARE, REPO, removeContainer, ruleSource } from '../helpers/container';

// The consent proof: an action that sends a category runs only where that category's consent is
// guaranteed, and compile() fails with a located diagnostic otherwise.

const roots: string[] = [];
afterAll(() => roots.forEach(removeContainer));

const diagnosticsOf = compileDiagnostics('consent-proof');

const sending = (sends: string) => `{ label: 'send', sends: '${sends}', run: () => undefined }`;
const ruleWith = (extra: string, sends = 'advertising') =>
  ruleSource(`{ id: 'r', description: 'x', events: ['Page Load Completed'], ${extra} actions: [${sending('necessary')}, ${sending(sends)}] }`, 'rule, consentGranted, anyOf, not, pathStartsWith');
const ungated = (d: Diagnostic[]) => d.filter((x) => x.code === 'ungated_action');

describe('the consent proof', () => {
  it('rejects an advertising action without a gate, located at the action', async () => {
    const d = ungated(await diagnosticsOf({ 'rules/r.ts': ruleWith('') }));
    expect(d).toHaveLength(1);
    expect(d[0]).toMatchObject({ severity: 'error', file: 'rules/r.ts', path: ['actions', 1] });
    expect(d[0].message).toContain('sends advertising data but can run without advertising consent');
  });

  it.each([
    ['the rule-level consent field', `consent: 'advertising',`],
    ['a consent condition', `conditions: [pathStartsWith('/a'), consentGranted('advertising')],`],
    ['an anyOf whose every branch grants it', `conditions: [anyOf(consentGranted('advertising'), consentGranted('advertising'))],`],
  ])('accepts %s', async (_, extra) => {
    expect(ungated(await diagnosticsOf({ 'rules/r.ts': ruleWith(extra) }))).toEqual([]);
  });

  it.each([
    ['another category', `consent: 'analytics',`],
    ['an anyOf with an ungated branch', `conditions: [anyOf(consentGranted('advertising'), pathStartsWith('/a'))],`],
    ['a negated consent condition', `conditions: [not(consentGranted('advertising'))],`],
  ])('rejects %s', async (_, extra) => {
    expect(ungated(await diagnosticsOf({ 'rules/r.ts': ruleWith(extra) }))).toHaveLength(1);
  });

  it('accepts the analytics exemption of the client-accounts home page, and no other category with one', async () => {
    expect(ungated(await diagnosticsOf({ 'rules/r.ts': ruleWith(`conditions: [consentGranted('analytics', { exceptPaths: ['/advisor/client-accounts/home.html'] })],`, 'analytics') }))).toEqual([]);
    const d = await diagnosticsOf({ 'rules/r.ts': ruleWith(`conditions: [consentGranted('advertising', { exceptPaths: ['/x'] })],`) });
    expect(d.map((x) => x.code)).toEqual(expect.arrayContaining(['invalid_consent_exemption', 'ungated_action']));
  });

  it('checks performance and analytics sends too, and lets necessary actions through', async () => {
    expect(ungated(await diagnosticsOf({ 'rules/r.ts': ruleWith('', 'performance') }))).toHaveLength(1);
    expect(ungated(await diagnosticsOf({ 'rules/r.ts': ruleWith('', 'analytics') }))).toHaveLength(1);
    expect(ungated(await diagnosticsOf({ 'rules/r.ts': ruleWith('', 'necessary') }))).toEqual([]);
  });

  it("fails compile() when a copy of the container's advertising rule loses its gate (mutation test)", async () => {
    const source = readFileSync(join(REPO, 'rules', 'pixels', 'activity-page-view.ts'), 'utf8')
      .replaceAll("'../../runtime/declare'", JSON.stringify(DECLARE))
      .replaceAll("'../site.config'", JSON.stringify(join(REPO, 'rules', 'site.config.ts')));
    const schema = `import { eventSchema } from ${JSON.stringify(DECLARE)};\nexport default eventSchema({ event: 'Page Load Completed', description: 'x', schema: { type: 'object' } });\n`;
    const gated = container('consent-mutation', { 'rules/pixels/activity-page-view.ts': source, 'schemas/page-load-completed.ts': schema });
    roots.push(gated);
    await expect(compile({ root: gated, emit: false })).resolves.toBeTruthy();

    const mutated = source.replace(/\n\s*consent: 'advertising',/, '');
    expect(mutated).not.toContain("consent: 'advertising'");
    const root = container('consent-mutation', { 'rules/pixels/activity-page-view.ts': mutated, 'schemas/page-load-completed.ts': schema });
    roots.push(root);
    const error = await compile({ root, emit: false }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(CompileError);
    expect((error as CompileError).diagnostics).toContainEqual(expect.objectContaining({ code: 'ungated_action', file: 'rules/pixels/activity-page-view.ts', path: ['actions', 0] }));
  });
});
