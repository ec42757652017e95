import type { RuleContext } from '../../runtime/declare/types';
import { removeCookie } from '../../runtime/core/cookies';
import { getJson, removeItem, setJson } from '../../runtime/core/storage';
import { site } from '../site.config';

// Spec §4: after login success with a login-method cookie, a Login Complete event is stored for
// later push and the cookie removed. Stored in session storage, so a redirect between the login
// and the next page does not lose it; pushed on the next Page Load Completed.

// The storage key is read where it is used: a module constant stays a variable of its own between
// the bundle's rules, and any such variable keeps the rules before it out of the rules array.
export function storeLoginComplete(ctx: RuleContext): void {
  const method = ctx.get('loginMethodCookie');
  const audience = ctx.get('audienceExperience');
  setJson('session', site.storage.pendingLoginComplete, {
    event: 'Login Complete',
    userStatus: { loginMethod: String(method), siteLoginStatus: 'logged in' },
    process: { processStepLabel: `${typeof audience === 'string' ? audience : 'site'} login`, processStepValue: 'complete' },
  });
  removeCookie(site.cookies.loginMethod, {}, ctx.runtime.win.document);
}

export function pushPendingLoginComplete(ctx: RuleContext): void {
  const entry = getJson<Record<string, unknown>>('session', site.storage.pendingLoginComplete);
  removeItem('session', site.storage.pendingLoginComplete);
  if (entry && typeof entry === 'object' && entry.event === 'Login Complete') ctx.runtime.push(entry);
}
