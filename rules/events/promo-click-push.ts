import { promoClick, rule } from '../../runtime/declare';

export default rule({
  id: 'promo-click-push',
  description: 'Pushes Onsite Promo Click when a data-ea-promo element is clicked; its link waits 500 ms for the hit (spec §9).',
  events: [promoClick({ anchorDelay: 500 })],
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
