// The shape of a Launch (Adobe Tags) container as Turbine reads it from `_satellite.container`
// (the container schema of @adobe/reactor-turbine-schemas), as far as the bench's generated peer
// uses it. Values are JSON except custom code, which a Launch library carries as functions.

/** JavaScript source of a function expression, emitted as code (not as a string) in the library. */
export interface JsFunction {
  readonly js: string;
}

export type LaunchValue = string | number | boolean | null | JsFunction | LaunchValue[] | { [key: string]: LaunchValue };
export type LaunchSettings = Record<string, LaunchValue>;

export interface LaunchEvent {
  /** `<extension>/src/lib/<family>/<module>.js` */
  modulePath: string;
  /** Turbine runs the rules of an event in ascending ruleOrder. */
  ruleOrder: number;
  settings: LaunchSettings;
}

export interface LaunchCondition {
  modulePath: string;
  settings: LaunchSettings;
  negate?: boolean;
  /** ms; with rule component sequencing, a condition still pending then fails. */
  timeout?: number;
}

export interface LaunchAction {
  modulePath: string;
  settings: LaunchSettings;
  /** ms the next action waits for this one (with delayNext). */
  timeout?: number;
  delayNext?: boolean;
}

export interface LaunchRule {
  id: string;
  name: string;
  events: LaunchEvent[];
  conditions: LaunchCondition[];
  actions: LaunchAction[];
}

export interface LaunchDataElement {
  modulePath: string;
  settings: LaunchSettings;
  defaultValue?: string;
  forceLowerCase?: boolean;
  cleanText?: boolean;
  storageDuration?: 'pageview' | 'session' | 'visitor';
}

export interface LaunchModule {
  name: string;
  displayName: string;
  shared?: boolean;
  /** CommonJS-style module body: `function (module, exports, require, turbine) { … }`. */
  script: JsFunction;
}

export interface LaunchExtension {
  displayName: string;
  hostedLibFilesBaseUrl: string;
  settings?: LaunchSettings;
  modules: Record<string, LaunchModule>;
}

export interface LaunchContainer {
  buildInfo: { turbineVersion: string; turbineBuildDate: string; buildDate: string; minified: boolean };
  environment: { id: string; stage: 'development' | 'staging' | 'production' };
  company: { orgId: string; dynamicCdnEnabled: boolean };
  property: {
    name: string;
    id: string;
    settings: { domains: string[]; undefinedVarsReturnEmpty: boolean; ruleComponentSequencingEnabled: boolean };
  };
  dataElements: Record<string, LaunchDataElement>;
  extensions: Record<string, LaunchExtension>;
  rules: LaunchRule[];
}
