import { heartbeat, rule } from '../../runtime/declare';

export default rule({
  id: 'page-heartbeat-push',
  description: 'Pushes Page Heartbeat every 30 s while the page is visible (spec §9), naming the page in heartbeat.30secondspagename.',
  // Every 30 s: the event's default (runtime/events/heartbeat.ts, HEARTBEAT_MS).
  events: [heartbeat()],
  actions: [
    {
      label: 'push Page Heartbeat with the page name',
      sends: 'necessary',
      run(ctx) {
        ctx.runtime.push({ event: 'Page Heartbeat', heartbeat: { '30secondspagename': String(ctx.get('pageName') ?? '') } });
      },
    },
  ],
});
