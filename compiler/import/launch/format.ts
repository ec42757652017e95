// The published Adobe Launch (Tags) library format: the `_satellite.container` object that a
// `launch-<environment>.min.js` build assigns before the Turbine engine runs it. Typed once here
// for whatever reads or writes such libraries (the importer, a benchmark peer that generates one).
// `F` is how a function in the container is represented: a real function where a library is
// built, or a reference to its source text where one is read without running it.

/** A rule's event, condition or action: an extension module and its settings. */
export interface LaunchComponent {
  /** `<extension>/src/lib/<family>/<type>.js`, e.g. `core/src/lib/events/directCall.js`. */
  modulePath: string;
  settings?: Record<string, unknown>;
}

export interface LaunchEvent extends LaunchComponent {
  /** Lower fires first among the rules of the same event type (default 50); equal orders fire in library order. */
  ruleOrder?: number;
}

export interface LaunchCondition extends LaunchComponent {
  /** The condition holds when the module returns false. */
  negate?: boolean;
  timeout?: number;
}

export interface LaunchAction extends LaunchComponent {
  timeout?: number;
  delayNext?: boolean;
}

export interface LaunchRule {
  id: string;
  name: string;
  events: LaunchEvent[];
  conditions?: LaunchCondition[];
  actions?: LaunchAction[];
}

export type StorageDuration = 'pageview' | 'session' | 'visitor';

export interface LaunchDataElement extends LaunchComponent {
  defaultValue?: unknown;
  forceLowerCase?: boolean;
  cleanText?: boolean;
  storageDuration?: StorageDuration;
}

/** One module of an extension: a component type (with `name`) or a helper, and its code. */
export interface LaunchModule<F> {
  name?: string;
  displayName?: string;
  shared?: boolean;
  script: F;
}

export interface LaunchExtension<F> {
  displayName: string;
  hostedLibFilesBaseUrl?: string;
  settings?: Record<string, unknown>;
  modules?: Record<string, LaunchModule<F>>;
}

export interface LaunchContainer<F> {
  buildInfo: { minified?: boolean; buildDate: string; turbineBuildDate?: string; turbineVersion?: string; environment?: string };
  environment?: { id: string; stage: 'development' | 'staging' | 'production' };
  dataElements: Record<string, LaunchDataElement>;
  extensions: Record<string, LaunchExtension<F>>;
  company: { orgId: string; dynamicCdnEnabled?: boolean; cdnAllowList?: string[] };
  property: {
    id?: string;
    name: string;
    settings: { domains?: string[]; undefinedVarsReturnEmpty?: boolean; ruleComponentSequencingEnabled?: boolean; [key: string]: unknown };
  };
  rules: LaunchRule[];
}

/** Module paths of the Core extension's types, by family. */
export const CORE = {
  events: {
    libraryLoaded: 'core/src/lib/events/libraryLoaded.js',
    pageBottom: 'core/src/lib/events/pageBottom.js',
    domReady: 'core/src/lib/events/domReady.js',
    windowLoaded: 'core/src/lib/events/windowLoaded.js',
    directCall: 'core/src/lib/events/directCall.js',
    click: 'core/src/lib/events/click.js',
    timeOnPage: 'core/src/lib/events/timeOnPage.js',
  },
  conditions: {
    path: 'core/src/lib/conditions/path.js',
    pathAndQuerystring: 'core/src/lib/conditions/pathAndQuerystring.js',
    domain: 'core/src/lib/conditions/domain.js',
    subdomain: 'core/src/lib/conditions/subdomain.js',
    hash: 'core/src/lib/conditions/hash.js',
    protocol: 'core/src/lib/conditions/protocol.js',
    queryStringParameter: 'core/src/lib/conditions/queryStringParameter.js',
    cookie: 'core/src/lib/conditions/cookie.js',
    variable: 'core/src/lib/conditions/variable.js',
    valueComparison: 'core/src/lib/conditions/valueComparison.js',
    customCode: 'core/src/lib/conditions/customCode.js',
  },
  actions: {
    customCode: 'core/src/lib/actions/customCode.js',
    directCall: 'core/src/lib/actions/directCall.js',
  },
  dataElements: {
    constant: 'core/src/lib/dataElements/constant.js',
    cookie: 'core/src/lib/dataElements/cookie.js',
    customCode: 'core/src/lib/dataElements/customCode.js',
    javascriptVariable: 'core/src/lib/dataElements/javascriptVariable.js',
    localStorage: 'core/src/lib/dataElements/localStorage.js',
    sessionStorage: 'core/src/lib/dataElements/sessionStorage.js',
    pageInfo: 'core/src/lib/dataElements/pageInfo.js',
    queryStringParameter: 'core/src/lib/dataElements/queryStringParameter.js',
    domAttribute: 'core/src/lib/dataElements/domAttribute.js',
  },
} as const;

/** Module paths of the Adobe Analytics extension's actions. */
export const ANALYTICS = {
  setVariables: 'adobe-analytics/src/lib/actions/setVariables.js',
  sendBeacon: 'adobe-analytics/src/lib/actions/sendBeacon.js',
  clearVariables: 'adobe-analytics/src/lib/actions/clearVariables.js',
} as const;

/** A text that may be tested as a literal or as a case-insensitive regular expression (Core's textMatch). */
export interface TextPattern {
  value: string;
  valueIsRegex?: boolean;
}

/** Analytics variables in Set Variables / extension settings (`trackerProperties`). */
export interface TrackerProperties {
  pageName?: string;
  channel?: string;
  server?: string;
  purchaseID?: string;
  currencyCode?: string;
  products?: string;
  campaign?: { type: 'value' | 'queryParam'; value: string };
  /** `type: 'alias'` copies another variable (`eVar1` → `D=v1`). */
  eVars?: { name: string; type: 'value' | 'alias'; value: string }[];
  props?: { name: string; type: 'value' | 'alias'; value: string }[];
  events?: { name: string; id?: string; value?: string }[];
  dynamicVariablePrefix?: string;
  trackingServer?: string;
  trackingServerSecure?: string;
  [key: string]: unknown;
}

/** The Analytics extension's settings: where the library comes from, report suites per stage, tracker defaults. */
export interface AnalyticsExtensionSettings<F> {
  orgId?: string;
  libraryCode?: { type: 'managed' | 'preinstalled' | 'remote' | 'custom'; accounts?: Partial<Record<'development' | 'staging' | 'production', string[]>>; scopeTrackerGlobally?: boolean };
  trackerProperties?: TrackerProperties;
  customSetup?: { source?: F; loadPhase?: string };
}
