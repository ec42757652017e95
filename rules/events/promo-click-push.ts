import { promoClick, rule } from '../../runtime/declare';

export default rule({
  id: 'promo-click-push',
  description: 'Pushes Onsite Promo Click when a data-ea-promo element is clicked; its link waits 500 ms for the hit (spec §9).',
  // The link's wait is the event's default, spec §9's 500 ms (runtime/events/promo-click.ts, PROMO_ANCHOR_DELAY).
  events: [promoClick()],
  actions: [
    {
      label: 'push Onsite Promo Click with the promotion and its products',
      sends: 'necessary',
      run(ctx) {
        const { promoName, product } = ctx.event.payload;
        ctx.runtime.push({ event: 'Onsite Promo Click', promotion: { promoName }, product });
      },
    },
  ],
});
