import { promoView, rule } from '../../runtime/declare';

export default rule({
  id: 'promo-view-push',
  description: 'Pushes Onsite Promo View when a data-ea-promo element first enters the viewport (page searched again every 3 s).',
  events: [promoView()],
  actions: [
    {
      label: 'push Onsite Promo View with the promotion and its products',
      sends: 'necessary',
      run(ctx) {
        const { promoName, product } = ctx.event.payload;
        ctx.runtime.push({ event: 'Onsite Promo View', promotion: { promoName }, product });
      },
    },
  ],
});
