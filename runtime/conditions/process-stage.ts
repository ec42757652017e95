import type { Condition } from '../declare/types';
import { advance, readProcess, type ProcessKind, type ProcessStage } from '../behaviours/multi-step';
import { TOOLING } from '../declare/tooling';

// Holds when the event is the given stage of a multi-step process and counts (spec §4): a start
// that is not a duplicate, a step that is new in a running process, any completion. Testing it
// records the stage, so put it last among a rule's conditions (after the consent gate): a hit
// that is not sent must not be recorded either.

/* @__NO_SIDE_EFFECTS__ */
export function processStage(kind: ProcessKind, stage: ProcessStage): Condition {
  return {
    kind: 'processStage',
    params: TOOLING ? { kind, stage } : {},
    test(ctx) {
      const hit = readProcess(ctx.event.name, ctx.event.payload);
      return !!hit && hit.kind === kind && hit.stage === stage && advance(hit);
    },
    // Reads the event again without recording it; a matching stage that failed did not count (a duplicate).
    explain: (ctx) => {
      const hit = readProcess(ctx.event.name, ctx.event.payload);
      return { subject: hit ? `${hit.kind} ${hit.stage}${hit.kind === kind && hit.stage === stage ? ' (not counted: a duplicate or out of order)' : ''}` : 'no process stage', expected: `${kind} ${stage}` };
    },
  };
}
