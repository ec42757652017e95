// When the bundle began to run (performance.now()): the first module that start.ts imports, so
// the first statement of a bundle. start() tells a slow start by it (runtime/core/start.ts).
export const scriptStart = performance.now();

// The container's own <script> element, which the document names only while the bundle evaluates
// (actions/script.ts gives its nonce to the scripts it inserts). Read here, with the bundle's first
// statement: a bundle without debugging evaluates the rest of the runtime's kinds only when it
// makes its project (compiler/phases/5-emit/project-function.ts), maybe in a later task.
export const ownScript: Element | null = /* @__PURE__ */ (() => (typeof document === 'undefined' ? null : document.currentScript))();
