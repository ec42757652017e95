// Parts of the runtime that only tooling uses: a kind's `params`, an event's `kind`, a rule's brand
// and default environments (the compiler reads them for graph.json, the host inventory and the
// viewer when it loads a project in Node) and a consent provider's `write` (tagc simulate, in Node).
// The runtime's own code never reads them, so they are written `TOOLING ? … : <empty>`: bundles
// without debugging define the constant false and carry none of that code; in Node it is
// undeclared, hence true.
export const TOOLING: boolean = typeof __TAGC_TOOLING__ === 'undefined' || __TAGC_TOOLING__;
