import type { Action } from '../declare/types';
import { abandonmentEvent, FORM_ATTRIBUTE, watchForms, type TouchedForm } from '../behaviours/form-abandonment';
import { TOOLING } from '../declare/tooling';

/**
 * Starts form-abandonment tracking once per page: records which fields of tracked forms are
 * touched (names only) and, when the page is hidden without a submit, pushes one Abandonment
 * event per touched form.
 */
/* @__NO_SIDE_EFFECTS__ */
export function watchFormFields(options: { attribute?: string } = {}): Action {
  // An option no project module names is compiled out (runtime/declare/unset-options.ts).
  const attribute = (__TAGC_UNSET_attribute__ ? undefined : options.attribute) ?? FORM_ATTRIBUTE;
  return {
    kind: 'watchFormFields',
    params: TOOLING ? { attribute } : {},
    // It stores field names for the Abandonment hit: analytics data, so it waits for that consent.
    sends: 'analytics',
    run(ctx) {
      // The page's one watcher: made by the first run.
      ctx.runtime.service('formAbandonment', watchForms, ctx.runtime.win, (forms: TouchedForm[]) => forms.forEach((form) => ctx.runtime.push(abandonmentEvent(form))), attribute);
    },
  };
}
