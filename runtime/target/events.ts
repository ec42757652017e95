// DOM CustomEvents on document, as at.js fires them, so existing page code keeps listening.

export type TargetEventType =
  | 'at-library-loaded'
  | 'at-request-start'
  | 'at-request-succeeded'
  | 'at-request-failed'
  | 'at-content-rendering-start'
  | 'at-content-rendering-succeeded'
  | 'at-content-rendering-failed'
  | 'at-content-rendering-no-offers'
  | 'at-content-rendering-redirect';

export interface TargetEventDetail {
  type: string;
  mbox?: string;
  message?: string;
  tracking: { sessionId: string; deviceId?: string };
}

export function fire(win: Window & typeof globalThis, type: TargetEventType, detail: Omit<TargetEventDetail, 'type'>): void {
  try {
    win.document.dispatchEvent(new win.CustomEvent(type, { detail: { type, ...detail } }));
  } catch {
    // A listener that throws must not stop rendering.
  }
}
