import { rule, scrollDepth } from '../../runtime/declare';

export default rule({
  id: 'page-scroll-push',
  description: 'Pushes Page Scroll when the visitor first scrolls to 25, 50, 75 and 100% of the page.',
  // The default marks are these four (runtime/events/scroll.ts, SCROLL_MARKS): written once in the bundle.
  events: [scrollDepth()],
  actions: [
    {
      label: 'push Page Scroll with the depth reached',
      sends: 'necessary',
      run(ctx) {
        ctx.runtime.push({ event: 'Page Scroll', scroll: { pagePercentage: ctx.event.payload.percent } });
      },
    },
  ],
});
