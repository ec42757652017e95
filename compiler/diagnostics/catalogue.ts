// Every diagnostic the compiler can report, declared once: its severity, a one-line title, the
// message template (typed arguments), and the fix. A code that is not declared here does not
// compile (`Diagnostics.report` takes `DiagnosticCode`). docs/diagnostics.md lists them all.

export type Severity = 'error' | 'warning';

// eslint-disable-next-line @typescript-eslint/no-empty-object-type
type Empty = {};

export interface CodeSpec<A> {
  severity: Severity;
  /** What went wrong, in general terms (the docs' heading). */
  title: string;
  message(args: A): string;
  /** How to fix it, shown under the message by the CLI. */
  fix: string;
}

const spec = <A = Empty>(s: CodeSpec<A>): CodeSpec<A> => s;
const hint = (h: string | undefined) => (h ? ` (did you mean "${h}"?)` : '');

export const CATALOGUE = {
  load_failed: spec<{ reason: string }>({
    severity: 'error',
    title: 'A declaration module cannot be imported',
    message: (a) => `cannot load module: ${a.reason}`,
    fix: 'Fix the syntax or import error at the line shown; the other modules are still checked.',
  }),
  not_a_rule: spec({
    severity: 'error',
    title: 'A module under rules/ does not default-export a rule',
    message: () => 'a module under rules/ must default-export a rule(...) declaration (shared code goes in rules/lib/)',
    fix: 'Default-export `rule({...})`, or move shared code into a `lib/` folder, which is not loaded as rules.',
  }),
  not_a_schema: spec({
    severity: 'error',
    title: 'A module under schemas/ does not default-export an event schema',
    message: () => 'a module under schemas/ must default-export an eventSchema(...) declaration',
    fix: 'Default-export `eventSchema({ event, description, schema })`, or move shared code into `schemas/lib/`.',
  }),
  no_site_config: spec({
    severity: 'error',
    title: 'The site configuration module has no default export',
    message: () => 'the site configuration module must default-export the site object',
    fix: 'End rules/site.config.ts with `export default site;`.',
  }),
  invalid_rule: spec<{ detail: string }>({
    severity: 'error',
    title: 'A rule declaration has the wrong shape',
    message: (a) => `rule ${a.detail}`,
    fix: 'Correct the field named in the path (see the RuleDeclaration type in runtime/declare/types.ts).',
  }),
  invalid_data_element: spec<{ name: string; detail: string }>({
    severity: 'error',
    title: 'A data element declaration has the wrong shape',
    message: (a) => `data element ${a.name}: ${a.detail}`,
    fix: 'Declare data elements with the factories of runtime/declare (dataLayerValue, cookie, derived, ...) and valid options.',
  }),
  invalid_schema_declaration: spec<{ detail: string }>({
    severity: 'error',
    title: 'An event schema declaration has the wrong shape',
    message: (a) => `schema ${a.detail}`,
    fix: 'Give eventSchema() an `event` name, a one-line `description` and a JSON Schema object.',
  }),
  invalid_params: spec<{ kind: string; detail: string }>({
    severity: 'error',
    title: 'A kind was given invalid parameters',
    message: (a) => `${a.kind}: ${a.detail}`,
    fix: "Pass the parameters the kind's factory documents; the path shows the one that is wrong.",
  }),
  unknown_kind: spec<{ family: string; kind: string; hint?: string }>({
    severity: 'error',
    title: 'A step names a kind the compiler does not know',
    message: (a) => `unknown ${a.family} kind "${a.kind}"${hint(a.hint)}`,
    fix: 'Use a factory exported by runtime/declare; a new kind needs a file in runtime/<family>/ and one in compiler/kinds/<family>/.',
  }),
  unknown_event: spec<{ event: string; hint?: string }>({
    severity: 'error',
    title: 'A rule listens to a data-layer event that has no schema',
    message: (a) => `event "${a.event}" has no schema under schemas/${hint(a.hint)}`,
    fix: 'Correct the event name, or declare the event with a module under schemas/ (tagc new event "<Name>").',
  }),
  unknown_data_element: spec<{ name: string; reader?: string; inCode?: boolean; hint?: string }>({
    severity: 'error',
    title: 'A reference names a data element that does not exist',
    message: (a) =>
      a.reader
        ? `data element "${a.reader}" reads unknown data element "${a.name}"${hint(a.hint)}`
        : `${a.inCode ? 'custom code reads ' : ''}unknown data element "${a.name}"${hint(a.hint)}`,
    fix: 'Correct the name (data elements are the named exports of modules under data-elements/), or declare the data element.',
  }),
  duplicate_id: spec<{ id: string; prior: string }>({
    severity: 'error',
    title: 'Two rules share an id',
    message: (a) => `rule id "${a.id}" is already used by ${a.prior}`,
    fix: 'Give each rule a unique kebab-case id; ids appear in logs, the viewer and the dispatch table.',
  }),
  duplicate_data_element: spec<{ name: string; prior: string }>({
    severity: 'error',
    title: 'Two data elements share a name',
    message: (a) => `data element "${a.name}" is already declared in ${a.prior}`,
    fix: 'Rename one of the exports; a data element is known by its export name across the container.',
  }),
  duplicate_schema: spec<{ event: string; prior: string }>({
    severity: 'error',
    title: 'Two schemas declare the same event',
    message: (a) => `event "${a.event}" already has a schema in ${a.prior}`,
    fix: 'Keep one schema module per event.',
  }),
  invalid_json_schema: spec<{ where: string; detail: string }>({
    severity: 'error',
    title: 'An event schema is not valid JSON Schema',
    message: (a) => `schema${a.where} ${a.detail}`,
    fix: 'Correct the schema keyword at the path shown (draft-07, or 2020-12 with `$schema`).',
  }),
  data_element_cycle: spec<{ cycle: string[] }>({
    severity: 'error',
    title: 'Data elements read each other in a cycle',
    message: (a) => `data elements form a cycle: ${[...a.cycle, a.cycle[0]].join(' -> ')}`,
    fix: 'Break the cycle: one of the data elements must read its value from the page instead.',
  }),
  invalid_consent_exemption: spec<{ category: string }>({
    severity: 'error',
    title: 'A consent condition has a path exemption its category cannot have',
    message: (a) => `a ${a.category} consent condition cannot have path exemptions (only analytics has one, spec §6)`,
    fix: 'Remove `exceptPaths`; only the analytics gate has the declared client-accounts exemption (docs/consent.md).',
  }),
  ungated_action: spec<{ label: string; index: number; rule: string; sends: string }>({
    severity: 'error',
    title: 'An action sends data without its consent being guaranteed',
    message: (a) =>
      `${a.label} ${a.index + 1} of rule "${a.rule}" sends ${a.sends} data but can run without ${a.sends} consent: add \`consent: '${a.sends}'\` to the rule or a consentGranted('${a.sends}') condition (docs/consent.md)`,
    fix: "Add `consent: '<category>'` to the rule, or a consentGranted('<category>') condition among its conditions.",
  }),
  duplicate_analytics_event: spec<{ number: string; events: string[]; prior: string; priorEvents: string[]; priorFile: string }>({
    severity: 'error',
    title: 'Two data-layer events send the same analytics event number',
    message: (a) =>
      `${a.number} is sent on ${a.events.map((e) => `"${e}"`).join(', ')} here and already on ${a.priorEvents.map((e) => `"${e}"`).join(', ')} by rule "${a.prior}" (${a.priorFile}): reports could not tell them apart`,
    fix: 'Give the event a number no other event sends (the analytics event-number table lists those in use); if several events count under one number on purpose, list it in `sharedEvents` on each of their actions.',
  }),
  type_error: spec<{ code: string; message: string }>({
    severity: 'error',
    title: 'A module does not type-check',
    message: (a) => `${a.message} (${a.code})`,
    fix: "Correct the code at the line shown (TypeScript, strict): e.g. a payload field the event's schema lacks, or a data element name that does not exist. `tagc check` lists every one.",
  }),
  dead_rule: spec<{ rule: string; reason: string }>({
    severity: 'warning',
    title: 'A rule can never fire',
    message: (a) => `rule "${a.rule}" ${a.reason}`,
    fix: 'Remove the rule, give it environments, or resolve the contradictory conditions.',
  }),
};

export type DiagnosticCode = keyof typeof CATALOGUE;
export type ArgsOf<C extends DiagnosticCode> = (typeof CATALOGUE)[C] extends CodeSpec<infer A> ? A : never;
