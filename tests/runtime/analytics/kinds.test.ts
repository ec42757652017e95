import { describeStep, loadKinds, type KindRegistry } from '../../../compiler/kinds/registry';
import { analyticsEvent, clearVars, customerIds, identityConsent, linkHit, pageView, setVars } from '../../../rules/lib/analytics';
import { de } from '../../../runtime/declare';

let kinds: KindRegistry;
beforeAll(async () => {
  kinds = await loadKinds();
});

const check = (step: { kind: string; params: Record<string, unknown> }) => kinds.actions.get(step.kind)!.params.safeParse(step.params);
const words = (step: { kind: string; params: Record<string, unknown> }) => describeStep(kinds, 'actions', step);

describe('analytics kinds in plain words', () => {
  it('the one-line event rule', () => {
    const step = analyticsEvent({ linkName: 'CTA', events: ['event61'], vars: { eVar22: de('pageName') } });
    expect(check(step).success).toBe(true);
    expect(words(step)).toBe('send link hit "CTA" with event61, eVar22 = «pageName»');
  });

  it('page view, link hit, set and clear', () => {
    expect(words(pageView({ pageName: de('pageName'), channel: 'US sites' }))).toBe('send page view with pageName = «pageName», channel = "US sites", then clear variables');
    expect(words(linkHit('Leave', { type: 'e' }))).toBe('send link hit "Leave" (exit)');
    expect(words(setVars({ prop5: 'x' }, { linkTrackVars: ['prop5'], linkTrackEvents: 'None' }))).toBe('set analytics variables prop5 = "x"; link hits send prop5; link hits send no events');
    expect(words(clearVars())).toBe('clear analytics variables');
  });

  it('customer ids and opt-in', () => {
    const step = customerIds({ advisorId: de('pageName') }, de('pageName'));
    expect(check(step).success).toBe(true);
    expect(words(step)).toBe('send customer ids advisorId = «pageName» as authenticated when «pageName»');
    expect(words(identityConsent('pageName'))).toBe('visitor identity opt-in approved when «pageName» (denied when false)');
  });
});

describe('analytics kinds reject bad params with a located error', () => {
  it.each(['eVar251', 'prop76', 'list4', 'evar1', 'pagename', 'v251'])('variable name %s', (name) => {
    const r = check(pageView({ [name]: 'x' }));
    expect(r.success).toBe(false);
    expect(JSON.stringify(r.error!.issues[0].path)).toBe(JSON.stringify(['vars', name]));
  });

  it('accepts the wire names the mapping may use', () => {
    expect(check(pageView({ ch: 'x', v22: 'y', c5: 'z', v0: 'c', l1: 'a' })).success).toBe(true);
  });

  it.each(['Event1', 'event1001', 'event5=x', 'prodview'])('event %s', (event) => {
    expect(check(analyticsEvent({ linkName: 'x', events: [event] })).success).toBe(false);
  });

  it('an empty link name', () => {
    expect(check(analyticsEvent({ linkName: '' })).success).toBe(false);
  });
});
