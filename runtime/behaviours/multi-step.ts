import { getPath, hasOwn, isPlainObject } from '../core/merge';
import { getJson, setJson } from '../core/storage';

// Multi-step process tracking (spec §4). Three kinds of process (tool, selfservice, login), each a
// list in local storage of process name -> step values recorded so far, so that a process that
// spans pages is counted once: a start is counted only if the process is not already running, a
// middle step only if the process started and the step is new, and a completion records its last
// step and clears the process.
//
// Which catalogue event is which stage (the spec names the events, not this mapping):
// - Login Started / Login Step / Login Complete: the login process, one per site ("login").
// - Self Service Started / Completed: a tool process when tool.toolId is set (its name), else a
//   self-service process named by selfservice.ActivityName (or tool.selfServiceActivityName).
//   A Self Service Started with tool.processStep === true is a middle step, not a start (§3 gives
//   processStep as a boolean of exactly these two events).
// - The step value is process.processStepLabel (or processStepValue, or the tool's copies).
// - Tool and self-service processes are tracked only when their SessionSettings names a
//   duration: empty, missing or "hit" means no tracking at all (§4), so no hit is counted.

export type ProcessKind = 'tool' | 'selfservice' | 'login';
export type ProcessStage = 'start' | 'step' | 'complete';
export type ProcessLists = Record<ProcessKind, Record<string, string[]>>;

/** The local-storage key of the lists (spec §3 "Stored browser items"). */
export const MULTISTEP_KEY = 'tagc.multistep';
export const PROCESS_KINDS: readonly ProcessKind[] = ['tool', 'selfservice', 'login'];

export interface ProcessHit {
  kind: ProcessKind;
  stage: ProcessStage;
  name: string;
  /** The step value; '' when the event carries none. */
  step: string;
}

const STAGES: Readonly<Record<string, ProcessStage>> = {
  'Login Started': 'start',
  'Login Step': 'step',
  'Login Complete': 'complete',
  'Self Service Started': 'start',
  'Self Service Completed': 'complete',
};

function text(source: unknown, path: string): string {
  const v = getPath(source, path);
  return typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '';
}

function firstText(source: unknown, paths: readonly string[]): string {
  return paths.map((p) => text(source, p)).find(Boolean) ?? '';
}

/** True when a session setting switches tracking off: empty, missing or "hit" (any case). */
export function untracked(setting: string): boolean {
  return setting === '' || setting.toLowerCase() === 'hit';
}

/** Which process, stage, name and step an event is; null when it is none or is not tracked. */
export function readProcess(eventName: string, payload: unknown): ProcessHit | null {
  let stage = STAGES[eventName];
  if (!stage) return null;
  const step = firstText(payload, ['process.processStepLabel', 'process.processStepValue', 'tool.processStepLabel', 'tool.processStepValue']);
  if (eventName.startsWith('Login ')) return { kind: 'login', stage, name: 'login', step };

  const toolId = text(payload, 'tool.toolId');
  const kind: ProcessKind = toolId ? 'tool' : 'selfservice';
  // The process's own SessionSettings first, the other's after it.
  const setting = firstText(payload, (toolId ? ['tool', 'selfservice'] : ['selfservice', 'tool']).map((k) => `${k}.SessionSettings`));
  if (untracked(setting)) return null;
  const name = toolId || firstText(payload, ['selfservice.ActivityName', 'tool.selfServiceActivityName']);
  if (!name) return null;
  if (stage === 'start' && getPath(payload, 'tool.processStep') === true) stage = 'step';
  return { kind, stage, name, step };
}

/** The stored lists; anything unreadable counts as no process running. */
export function loadLists(): ProcessLists {
  const raw = getJson<unknown>('local', MULTISTEP_KEY);
  const lists = { tool: {}, selfservice: {}, login: {} } as ProcessLists;
  if (!isPlainObject(raw)) return lists;
  for (const kind of PROCESS_KINDS) {
    const list = raw[kind];
    if (!isPlainObject(list)) continue;
    for (const [name, steps] of Object.entries(list)) {
      if (name === '__proto__' || !Array.isArray(steps)) continue;
      lists[kind][name] = steps.filter((s): s is string => typeof s === 'string');
    }
  }
  return lists;
}

function save(lists: ProcessLists): void {
  setJson('local', MULTISTEP_KEY, lists);
}

/**
 * Applies a hit to the stored lists and says whether it counts: a start unless the process is
 * running, a step if the process is running and the step is new, a completion always.
 */
export function advance(hit: ProcessHit): boolean {
  const lists = loadLists();
  const list = lists[hit.kind];
  const steps = hasOwn(list, hit.name) ? list[hit.name] : undefined;
  switch (hit.stage) {
    case 'start':
      if (steps) return false;
      list[hit.name] = hit.step ? [hit.step] : [];
      break;
    case 'step':
      if (!steps || !hit.step || steps.includes(hit.step)) return false;
      steps.push(hit.step);
      break;
    case 'complete':
      // The last step is recorded by the completion hit itself (it carries the step value);
      // then the process is over and a later start counts again.
      delete list[hit.name];
      break;
  }
  save(lists);
  return true;
}

/** Forgets the recorded steps of one process (or of every process of a kind when name is omitted). */
export function clearSteps(kind: ProcessKind, name?: string): void {
  const lists = loadLists();
  if (name === undefined) lists[kind] = {};
  else delete lists[kind][name];
  save(lists);
}
