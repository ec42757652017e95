// What the container puts on the page, as tests see it.
declare global {
  interface Window {
    appEventData: unknown[];
    tagc: import('../../runtime/core/api').TagcApi;
    _satellite: import('../../runtime/core/satellite').Satellite;
  }
}
export {};
