// Optional option fields (and one option value, a data element's `pageview` storage) that runtime
// code handles only where a project may set them. Runtime code
// reads the constant `__TAGC_UNSET_<field>__` (declared in runtime/core/globals.d.ts), which the
// compiler defines for every build (compiler/environments.ts): in a build without debugging, true
// where no module of the project names the field (compiler/phases/5-emit/unset-options.ts), so
// that the code handling it goes from the bundle. Node, where the compiler loads a project and the tests run the runtime,
// has them false. A constant per field, not one object: builds without debugging shorten the
// fields' names as properties (mangled-props.ts), which `define` would no longer match. A field
// read that way must be listed here, or a bundle would throw (tests/foundation/unset-options.test.ts).

export const OPTIONAL_FIELDS = [
  // The A/B client's switches (runtime/target/client.ts, TargetConfig).
  'optedIn',
  'pageLoadEnabled',
  'viewsEnabled',
  'hideBody',
  // The identity client's settings (runtime/identity/client.ts, IdentityConfig).
  'loadTimeout',
  'serverState',
  'disableIdSyncs',
  // A script's extra element attributes (runtime/actions/script.ts).
  'attributes',
  // The promotion and form-abandonment behaviours' marker attribute and the promotions' rescan
  // interval (runtime/events/promo-view.ts, promo-click.ts, runtime/actions/form-abandon-watch.ts).
  'attribute',
  'refresh',
  // A data element's page-view storage (runtime/core/resolve.ts): a value of `storage`, named as a field is.
  'pageview',
  // The activity pixel's flags (runtime/actions/pixel.ts).
  'npa',
  'childDirected',
  'underAge',
  // A comparison's case-insensitive switch (runtime/conditions/compare.ts).
  'ignoreCase',
  // An analytics variable that the beacon checks (runtime/analytics/beacon.ts): rules set it by name.
  'purchaseID',
  // The currency, by its name or its wire name (runtime/analytics/names.ts): either sets it.
  'currencyCode',
  'cc',
  // The products' and context data's serialisation, a list variable's split (by its name or wire name).
  'products',
  'contextData',
  'list1',
  'list2',
  'list3',
  'l1',
  'l2',
  'l3',
] as const;

export type OptionalField = (typeof OPTIONAL_FIELDS)[number];

/** The global constant of a field. */
export const unsetConstant = (field: OptionalField): string => `__TAGC_UNSET_${field}__`;
