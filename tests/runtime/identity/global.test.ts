// @vitest-environment happy-dom
import { createIdentity } from '../../../runtime/identity/client';
import { installVisitorGlobal } from '../../../runtime/identity/global';
import { clearCookies, flush, HOST, mockService, ORG, win } from './helpers';
import { openEgress } from '../../helpers/egress';

type VisitorCtor = { new (): unknown; getInstance(org?: string): Record<string, (...a: unknown[]) => unknown> | undefined; version: string };
const realFetch = win.fetch;
let errors: string[];

beforeEach(() => {
  openEgress();
  vi.useFakeTimers();
  clearCookies();
  mockService();
  errors = [];
  vi.spyOn(console, 'error').mockImplementation((m: string) => void errors.push(m));
  vi.spyOn(console, 'info').mockImplementation(() => {});
  delete (win as unknown as Record<string, unknown>).Visitor;
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  win.fetch = realFetch;
  delete (win as unknown as Record<string, unknown>).Visitor;
});

describe('window.Visitor', () => {
  it('returns the container client from getInstance and refuses direct construction', async () => {
    installVisitorGlobal(win, ORG, createIdentity(win, { orgId: ORG, host: HOST }));
    const Visitor = (win as unknown as { Visitor: VisitorCtor }).Visitor;
    expect(Visitor.version).toBe('5.5.0');
    new Visitor();
    expect(errors).toEqual(['[tagc] Please use `Visitor.getInstance` to instantiate Visitor.']);
    const v = Visitor.getInstance(ORG)!;
    const ids: string[] = [];
    v.getMarketingCloudVisitorID((id: unknown) => ids.push(String(id)));
    await flush();
    expect(ids).toEqual(['12345678901234567890123456789012345678']);
    expect(v.getMarketingCloudVisitorID()).toBe('12345678901234567890123456789012345678');
    v.setCustomerIDs({ advisorId: { id: 'A1', authState: 1 }, bad: { id: 5 } });
    expect(v.getCustomerIDs()).toEqual({ advisorId: { id: 'A1', authState: 1 } });
    expect(v.idSyncByURL({ url: 'u' })).toBe('Error: config.dpid is empty');
    expect(v.isAllowed()).toBe(true);
  });

  it('takes auth states 0, 1 and 2 as numbers or text and any other value, a prototype key included, as unknown', () => {
    installVisitorGlobal(win, ORG, createIdentity(win, { orgId: ORG, host: HOST }));
    const v = (win as unknown as { Visitor: VisitorCtor }).Visitor.getInstance(ORG)!;
    const states = [2, '1', 'constructor', '__proto__', 'toString', 7, null];
    v.setCustomerIDs(Object.fromEntries(states.map((authState, i) => [`c${i}`, { id: `id${i}`, authState }])));
    const got = v.getCustomerIDs() as Record<string, { authState: unknown }>;
    expect(states.map((_, i) => got[`c${i}`]!.authState)).toEqual([2, 1, 0, 0, 0, 0, 0]);
  });

  it("getSupplementalDataID: noGenerate gives '' while no id is open, else the open id; without it an id is started", () => {
    installVisitorGlobal(win, ORG, createIdentity(win, { orgId: ORG, host: HOST }));
    const v = (win as unknown as { Visitor: VisitorCtor }).Visitor.getInstance(ORG)!;
    expect(v.getSupplementalDataID('analytics', true)).toBe('');
    const started = v.getSupplementalDataID('target');
    expect(started).toMatch(/^[0-9A-F]{16}-[0-9A-F]{16}$/);
    expect(v.getSupplementalDataID('analytics', 1)).toBe(started);
  });

  it('logs the missing org id on getInstance()', () => {
    installVisitorGlobal(win, ORG, createIdentity(win, { orgId: ORG, host: HOST }));
    expect((win as unknown as { Visitor: VisitorCtor }).Visitor.getInstance()).toBeUndefined();
    expect(errors).toEqual(['[tagc] Visitor requires Adobe Marketing Cloud Org ID.']);
  });

  it('leaves a page-owned Visitor alone', () => {
    const own = { mine: true };
    (win as unknown as Record<string, unknown>).Visitor = own;
    installVisitorGlobal(win, ORG, createIdentity(win, { orgId: ORG, host: HOST }));
    expect((win as unknown as Record<string, unknown>).Visitor).toBe(own);
  });
});
