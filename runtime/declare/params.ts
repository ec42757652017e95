// A kind's `params` (and an event's `kind`) are read by the compiler (graph.json, the host inventory,
// the viewer), which loads a project in Node, and by debug tooling; the runtime's own code never
// reads them. Factories write `params: KIND_PARAMS ? {...} : {}` so that bundles without debugging,
// where the define is false, carry none of that code.
export const KIND_PARAMS: boolean = typeof __TAGC_KIND_PARAMS__ === 'undefined' || __TAGC_KIND_PARAMS__;
