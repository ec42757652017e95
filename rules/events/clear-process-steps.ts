import { directCall, rule } from '../../runtime/declare';
import { clearSteps, PROCESS_KINDS, type ProcessKind } from '../../runtime/behaviours/multi-step';

/** `tagc.track('clear process steps', { kind: 'tool', name: 'retirement-calculator' })` */
export default rule({
  id: 'clear-process-steps',
  description: "Clears a process's recorded steps (spec §4: a tool's steps can be cleared), so that its next start counts again.",
  events: [directCall<{ kind?: unknown; name?: unknown }>('clear process steps')],
  actions: [
    {
      label: 'clear the recorded steps of detail.kind / detail.name',
      sends: 'necessary',
      run(ctx) {
        const detail = ctx.event.payload ?? {};
        const kind = detail.kind ?? 'tool';
        if (!PROCESS_KINDS.includes(kind as ProcessKind)) throw new Error(`unknown process kind ${JSON.stringify(kind)} (tool, selfservice or login)`);
        clearSteps(kind as ProcessKind, typeof detail.name === 'string' ? detail.name : undefined);
      },
    },
  ],
});
