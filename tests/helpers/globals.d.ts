// What the container puts on the page, as tests see it.
declare global {
  interface Window {
    appEventData: unknown[];
    tagc: import('../../runtime/core/api').TagcApi;
  }
}
export {};
