import type { BuildOptions } from 'esbuild';
import type { StepFieldNames } from './tooling-fields';

// Property names of tagc's runtime that builds without debug logging shorten (esbuild mangleProps).
// Each one is written and read only by code inside the one bundle: rule records, action
// declarations, and option objects of the runtime's clients. A name that crosses a boundary must
// never be here: wire formats and service responses (a Target offer's `selector` and a delivery
// response's `edgeHost`, `actions` as an offer type is a string, not a key), cookies and storage,
// window globals and the `_satellite` / `tagc` API and the options a page passes to it, data-layer payloads (`processStepLabel`), monitor events that the debug companion or
// `tagc simulate` read (`explain`, `rule`, `index`, `condition`, `action`, `error`), graph.json,
// or anything JSON-serialised. tests/foundation/mangled-props.test.ts holds that public list.
// Quoted keys are mangled too (mangleQuoted): the generated entry writes its config literals as
// JSON (the egress policy's `hosts`), and both sides must agree. Only names of tagc's runtime
// belong here, never a container's config keys; a project whose payload schemas declare one of
// them keeps that name whole (payloadNames).
export const MANGLED_PROPS = [
  // Rule records and action declarations (runtime/declare, runtime/core/dispatch.ts).
  // `params` and `timeout` stay: the A/B client's public options carry them (getOffer).
  'conditions',
  'kind',
  // The context every kind and custom step gets (runtime/declare/types.ts). Not its `service`: a
  // script's init arguments go to a third-party library as written (Datadog RUM's `service`).
  'runtime',
  'win',
  'emit',
  // An action's code (custom or of a kind); a condition's `test` stays, as RegExp's does.
  'run',
  'actions',
  'sends',
  'hosts',
  // A data element's storage duration (runtime/declare/types.ts); its stored value keeps no key.
  'storage',
  // Start-up and click options (runtime/core/data-layer.ts, runtime/events/click.ts).
  'resetBefore',
  'anchorDelay',
  // The A/B client's options (runtime/target/client.ts).
  'offerScripts',
  'sanitizeHtml',
  'edgeDomains',
  // Consent notice and service settings (runtime/consent).
  'crawlerAgents',
  'pathPrefixes',
  'suppressionCookie',
  'pageLoadCookie',
  // The identity client's parsed AMCV fields (runtime/identity/amcv.ts); the cookie is a string.
  'aamExpires',
  'consumed',
  // The identity client's methods that only the runtime's clients and actions call (the window's
  // Visitor object has its own names), and the form watcher's.
  'whenReady',
  'supplementalDataId',
  'setCustomerIds',
  'isClientSideId',
  'visitStarted',
  'takeAbandoned',
  // The start-up configuration the generated entry writes (runtime/core/start.ts; `dataElements`
  // stays, graph.json's word), the egress policy's (runtime/core/egress.ts), the data layer's
  // attachWhen (runtime/core/consent-cookie.ts) and a hit's technology fields (runtime/analytics/beacon.ts).
  // The debug companion's reference is the config's too (runtime/core/companion.ts; the manifest
  // names the file for publishing, not the bundle).
  'companion',
  'file',
  'domains',
  'egress',
  'exempt',
  'redact',
  'strip',
  'attachWhen',
  'technology',
  // An event source's attaching method and slicing (runtime/events, runtime/core/start.ts) and a rule's consent
  // category (runtime/declare/rule.ts, runtime/core/dispatch.ts): monitor events carry neither.
  'listen',
  'sliced',
  'consent',
  // The analytics actions' options (runtime/actions/analytics-*.ts; the beacon's link name is a
  // parameter, pev2). Not `identity`, which the host dpm.identity.example spells in the bundle.
  'settings',
  'linkName',
  'linkType',
  'sharedEvents',
  // The customer-ids action's option (runtime/actions/analytics-customer-ids.ts) and the identity
  // client's parsed AMCV fields (amcv.ts; the cookie is a string, the service answers d_blob and
  // dcs_region).
  'identified',
  'region',
  'blob',
  // The consent notice's settings (runtime/consent/notice*.ts) and the consent service's own API.
  'vendorIds',
  'testFlag',
  'canadaPrefixes',
  'translation',
  'stylingDelay',
  'lift',
  'banner',
  'granted',
  'listeners',
  // Data-element options (runtime/declare/types.ts, runtime/data-elements: a data-layer value's
  // `clean`, a query parameter's `caseInsensitive`; the generated entry writes them in a table's rows
  // as JSON, mangled alike).
  'lowerCase',
  'clean',
  'caseInsensitive',

  // The runtime's own state records: after-start tasks, the dispatcher's release and its slices'
  // reopening, the resolver's scope.
  'pending',
  'release',
  'reopen',
  'scope',
  // The A/B client's and the identity client's other options (runtime/target/client.ts,
  // runtime/identity/client.ts), the analytics target and the identity fields a hit carries
  // (runtime/analytics; the beacon names its parameters itself).
  'clientCode',
  'disable',
  'optedIn',
  'pageLoadEnabled',
  'viewsEnabled',
  'hideBody',
  'orgId',
  'loadTimeout',
  'optInApplies',
  'disableIdSyncs',
  'serverState',
  'rsid',
  'customerIds',
  // Options of the pixel, consent and customer-id actions (runtime/actions).
  'network',
  'childDirected',
  'underAge',
  'npa',
  'restoreAfter',
  'listener',
  'exceptPaths',
  'ids',
  'approved',
  'levels',
  // The dispatcher's, the data-layer manager's and the consent service's own records (runtime/core, runtime/consent).
  'dispatch',
  'hold',
  'due',
  // A link hit's variable and event filters (runtime/analytics: the analytics actions' options, the
  // client's and the hit's): AppMeasurement's names, but no `s` object is on the window, and the
  // wire carries only what they filter.
  'linkTrackVars',
  'linkTrackEvents',
  'provider',
  'skipped',
  'api',
  'state',
  'sources',
  'table',
  'listens',
  'refused',
  'allows',
  'subscribe',
  // A process stage (runtime/behaviours/multi-step.ts; not `stage`: `_satellite.environment.stage`
  // is public) and a hit's page URL (runtime/analytics). Not the identity id a hit carries (`mid`):
  // prod writes it as the beacon's and the id call's parameter anyway, and whole it paid 7 B.
  'step',
  'pageUrl',
  // The consent service's and notice's other settings (runtime/consent).
  'skip',
  'query',
  'skippedSeconds',
  'requestForms',
  'domainId',
  'standard',
  'paths',
  'times',
  'offset',
  // A script's init call and the activity pixel's category (runtime/actions/script.ts, pixel.ts):
  // the keys only; the init arguments themselves go to the page's library as written.
  'init',
  'global',
  'args',
  'cat',
  // A data element's and a consent provider's read, the redaction and click-tracking settings'
  // switches.
  'read',
  'enabled',
  // A cookie's lifetime (runtime/core/cookies.ts): `_satellite.cookie.set` takes js-cookie's
  // `expires` from the page and writes this key itself. An analytics action's and a queued hit's
  // variables (runtime/actions/analytics-*.ts, runtime/analytics; the wire names each variable).
  'maxAge',
  'vars',
] as const;

/**
 * The esbuild options that shorten MANGLED_PROPS but the `kept` names; the names esbuild picks
 * depend only on the input.
 */
export function mangleOptions(kept: ReadonlySet<string> = new Set()): Pick<BuildOptions, 'mangleProps' | 'mangleQuoted'> {
  return { mangleProps: new RegExp(`^(?:${MANGLED_PROPS.filter((p) => !kept.has(p)).join('|')})$`), mangleQuoted: true };
}

/** The names `namesOf(key, value)` gives for every key of every object in `values`, at any depth. */
function namesIn(values: readonly unknown[], namesOf: (key: string, value: unknown) => Iterable<string>): Set<string> {
  const names = new Set<string>();
  const walk = (node: unknown): void => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) return node.forEach(walk);
    for (const [key, value] of Object.entries(node)) {
      for (const name of namesOf(key, value)) names.add(name);
      walk(value);
    }
  };
  walk(values);
  return names;
}

/**
 * Every property name the project's event schemas declare, at any depth. A data-layer payload is
 * the page's data: custom code reads its fields through the types generated from these schemas,
 * so a field spelled like a runtime name (`kind`, `settings`) must keep its name in the bundle.
 */
export function payloadNames(schemas: readonly unknown[]): Set<string> {
  return namesIn(schemas, (key, value) => (key === 'properties' && value && typeof value === 'object' && !Array.isArray(value) ? Object.keys(value) : []));
}

/**
 * Every key of every object in `values` (a project's JSON modules): esbuild's JSON loader writes
 * their keys whole, so a key that is also a shortened name (a pixel's `npa` in a JSON file a rule
 * spreads into its options) would reach the runtime under the long name while the runtime reads
 * the short one. The build keeps such names whole, as it keeps payload names (payloadNames).
 */
export function jsonKeys(values: readonly unknown[]): Set<string> {
  return namesIn(values, (key) => [key]);
}

/**
 * Options of the runtime's factories that only tooling reads: a social pixel's `network`, which
 * its params carry for graph.json and the viewer (runtime/actions/pixel-social.ts). Bundles without
 * tooling blank them where the name was shortened, so is the runtime's own (5-emit/tooling-fields.ts).
 */
export const TOOLING_OPTIONS = ['network'] as const satisfies readonly (typeof MANGLED_PROPS)[number][];

/** What a step's `kind`, `sends`, `run` and `hosts`, and the shortened tooling-only options, became in a bundle, from esbuild's mangle cache (a name esbuild kept maps to false). */
export function stepFieldNames(cache: Record<string, string | false> | undefined): StepFieldNames {
  const name = (prop: (typeof MANGLED_PROPS)[number]) => (typeof cache?.[prop] === 'string' ? cache[prop] : prop);
  const options = TOOLING_OPTIONS.flatMap((prop) => (typeof cache?.[prop] === 'string' ? [cache[prop]] : []));
  return { kind: name('kind'), sends: name('sends'), run: name('run'), hosts: name('hosts'), options };
}
