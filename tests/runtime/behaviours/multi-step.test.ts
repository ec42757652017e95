// @vitest-environment happy-dom
import { advance, clearSteps, loadLists, MULTISTEP_KEY, readProcess } from '../../../runtime/behaviours/multi-step';
import { processStage } from '../../../runtime/conditions/process-stage';
import { rule } from '../../../runtime/declare/rule';
import type { Rule } from '../../../runtime/declare/types';
import { boot, resetWindow, restoreConsole } from '../../helpers/runtime';

const login = (event: string, step: string) => ({ event, userStatus: { loginMethod: 'password' }, process: { processStepLabel: step } });
const selfService = (event: string, extra: Record<string, unknown>) => ({
  event,
  selfservice: { ActivityName: 'change beneficiary', SessionSettings: 'session' },
  process: { processStepLabel: 'start' },
  ...extra,
});

function count(name: string, payload: Record<string, unknown>): boolean {
  const hit = readProcess(name, payload);
  return !!hit && advance(hit);
}

beforeEach(() => localStorage.clear());

describe('readProcess', () => {
  it('reads the login events as the one login process with the step label as step', () => {
    expect(readProcess('Login Started', login('Login Started', 'username'))).toEqual({ kind: 'login', stage: 'start', name: 'login', step: 'username' });
    expect(readProcess('Login Step', login('Login Step', 'password'))?.stage).toBe('step');
    expect(readProcess('Login Complete', login('Login Complete', 'done'))?.stage).toBe('complete');
  });

  it('makes a Self Service event a tool process when tool.toolId is set and a self-service process otherwise', () => {
    expect(readProcess('Self Service Started', selfService('Self Service Started', {}))).toEqual({ kind: 'selfservice', stage: 'start', name: 'change beneficiary', step: 'start' });
    const tool = selfService('Self Service Started', { tool: { toolId: 'retirement-calculator', SessionSettings: 'session' } });
    expect(readProcess('Self Service Started', tool)).toMatchObject({ kind: 'tool', name: 'retirement-calculator' });
  });

  it('reads a Self Service Started with tool.processStep true as a middle step', () => {
    const step = selfService('Self Service Started', { tool: { processStep: true }, process: { processStepLabel: 'choose funds' } });
    expect(readProcess('Self Service Started', step)).toMatchObject({ kind: 'selfservice', stage: 'step', step: 'choose funds' });
  });

  it('does not track tool or self-service processes whose session setting is empty, missing or "hit"', () => {
    for (const SessionSettings of ['', 'hit', 'HIT', undefined]) {
      const payload = { event: 'Self Service Started', selfservice: { ActivityName: 'x', SessionSettings }, process: { processStepLabel: 'start' } };
      expect(readProcess('Self Service Started', payload)).toBeNull();
      const tool = { event: 'Self Service Started', tool: { toolId: 't', SessionSettings }, process: {} };
      expect(readProcess('Self Service Started', tool)).toBeNull();
    }
  });

  it("reads a process's own session setting first and the other process's when it has none", () => {
    const ev = 'Self Service Started';
    const tool = (own: unknown, other: unknown) => ({ event: ev, tool: { toolId: 't', SessionSettings: own }, selfservice: { SessionSettings: other }, process: {} });
    const self = (own: unknown, other: unknown) => ({ event: ev, selfservice: { ActivityName: 'x', SessionSettings: own }, tool: { SessionSettings: other }, process: {} });
    expect(readProcess(ev, tool(undefined, 'session'))).toMatchObject({ kind: 'tool' });
    expect(readProcess(ev, tool('hit', 'session'))).toBeNull();
    expect(readProcess(ev, self(undefined, 'session'))).toMatchObject({ kind: 'selfservice' });
    expect(readProcess(ev, self('hit', 'session'))).toBeNull();
  });

  it('ignores events that are not process events', () => {
    expect(readProcess('CTA Clicked', { event: 'CTA Clicked' })).toBeNull();
  });
});

describe('advance (spec §4 multi-step tracking)', () => {
  it('counts a start once and suppresses the duplicate', () => {
    expect(count('Login Started', login('Login Started', 'username'))).toBe(true);
    expect(count('Login Started', login('Login Started', 'username'))).toBe(false);
    expect(loadLists().login).toEqual({ login: ['username'] });
  });

  it('counts a middle step only after the start and only once', () => {
    expect(count('Login Step', login('Login Step', 'password'))).toBe(false);
    count('Login Started', login('Login Started', 'username'));
    expect(count('Login Step', login('Login Step', 'password'))).toBe(true);
    expect(count('Login Step', login('Login Step', 'password'))).toBe(false);
    expect(count('Login Step', login('Login Step', 'security question'))).toBe(true);
    expect(loadLists().login.login).toEqual(['username', 'password', 'security question']);
  });

  it('counts a completion, clears the process, and lets the next start count again', () => {
    count('Login Started', login('Login Started', 'username'));
    expect(count('Login Complete', login('Login Complete', 'done'))).toBe(true);
    expect(loadLists().login).toEqual({});
    expect(count('Login Started', login('Login Started', 'username'))).toBe(true);
  });

  it('keeps per-kind lists of process name to steps in local storage', () => {
    count('Self Service Started', selfService('Self Service Started', {}));
    count('Self Service Started', selfService('Self Service Started', { tool: { toolId: 'calc', SessionSettings: 'session' } }));
    count('Self Service Started', selfService('Self Service Started', { tool: { toolId: 'calc', SessionSettings: 'session', processStep: true }, process: { processStepLabel: 'inputs' } }));
    expect(JSON.parse(localStorage.getItem(MULTISTEP_KEY)!)).toEqual({
      tool: { calc: ['start', 'inputs'] },
      selfservice: { 'change beneficiary': ['start'] },
      login: {},
    });
  });

  it('clears one tool\'s steps so that its start counts again', () => {
    const tool = selfService('Self Service Started', { tool: { toolId: 'calc', SessionSettings: 'session' } });
    count('Self Service Started', tool);
    count('Self Service Started', selfService('Self Service Started', { tool: { toolId: 'other', SessionSettings: 'session' } }));
    expect(count('Self Service Started', tool)).toBe(false);
    clearSteps('tool', 'calc');
    expect(loadLists().tool).toEqual({ other: ['start'] });
    expect(count('Self Service Started', tool)).toBe(true);
  });

  it('reads corrupt or hostile storage as no process running', () => {
    localStorage.setItem(MULTISTEP_KEY, '{not json');
    expect(count('Login Started', login('Login Started', 'a'))).toBe(true);
    localStorage.setItem(MULTISTEP_KEY, JSON.stringify({ login: { login: 'not a list' }, tool: [1, 2] }));
    expect(loadLists()).toEqual({ tool: {}, selfservice: {}, login: {} });
    localStorage.setItem(MULTISTEP_KEY, '{"login":{"__proto__":["x"]}}');
    expect(count('Login Started', login('Login Started', 'a'))).toBe(true);
    expect(({} as Record<string, unknown>).login).toBeUndefined();
  });
});

describe('processStage condition in the running container', () => {
  afterEach(() => {
    restoreConsole();
    resetWindow();
  });

  it('fires a start rule once for a duplicated Login Started, and the step rule only for new steps', () => {
    const start = rule({ id: 'login-start', description: 'x', events: ['Login Started'], conditions: [processStage('login', 'start')], actions: [] }) as Rule;
    const step = rule({ id: 'login-step', description: 'x', events: ['Login Step'], conditions: [processStage('login', 'step')], actions: [] }) as Rule;
    const done = rule({ id: 'login-done', description: 'x', events: ['Login Complete'], conditions: [processStage('login', 'complete')], actions: [] }) as Rule;
    const booted = boot([start, step, done]);
    for (const entry of [
      login('Login Step', 'early'),
      login('Login Started', 'username'),
      login('Login Started', 'username'),
      login('Login Step', 'password'),
      login('Login Step', 'password'),
      login('Login Complete', 'done'),
    ]) window.appEventData.push(entry);
    expect(booted.fired).toEqual(['login-start@Login Started', 'login-step@Login Step', 'login-done@Login Complete']);
    expect(localStorage.getItem(MULTISTEP_KEY)).toBe('{"tool":{},"selfservice":{},"login":{}}');
  });
});
