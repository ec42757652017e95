import { readAmcv, writeAmcv } from '../../../runtime/identity/amcv';
import { cookieDomain } from '../../../runtime/identity/cookies';
import { hash, isValidId, localId, randomHex, supplementalId } from '../../../runtime/identity/ids';
import { validateSync } from '../../../runtime/identity/sync';

const NOW = Date.UTC(2026, 0, 5, 12, 0, 0);
const S = NOW / 1000;

describe('AMCV cookie format', () => {
  it('writes digest|MCIDTS|day|MCMID|id|MCAAMLH-exp|region|MCAAMB-exp|blob|MCOPTOUT-exps|NONE|vVersion|5.5.0', () => {
    const v = writeAmcv({ mid: '123', region: '9', blob: 'RKhp', aamExpires: S + 604800 }, 'dpm.identity.example', NOW);
    expect(v).toBe(
      `${hash('5.5.0|dpm.identity.example')}|MCIDTS|${Math.floor(S / 86400)}|MCMID|123|MCAAMLH-${S + 604800}|9|MCAAMB-${S + 604800}|RKhp|MCOPTOUT-${S + 172800}s|NONE|vVersion|5.5.0`,
    );
  });

  it('reads its own output back', () => {
    const v = writeAmcv({ mid: '123', region: '9', blob: 'B', aamExpires: S + 10 }, 'h', NOW);
    expect(readAmcv(v, NOW)).toEqual({ mid: '123', region: '9', blob: 'B', aamExpires: S + 10 });
  });

  it('drops expired region and blob but keeps the visitor id', () => {
    const v = writeAmcv({ mid: '123', region: '9', blob: 'B', aamExpires: S - 1 }, 'h', NOW);
    expect(readAmcv(v, NOW)).toEqual({ mid: '123' });
  });

  it('drops a region or blob without an expiry, or with one that is no number', () => {
    expect(readAmcv(`-1|MCMID|123|MCAAMLH|9|MCAAMB-|B|MCAAMLH-soon|7`, NOW)).toEqual({ mid: '123' });
    expect(readAmcv(`-1|MCAAMB-${S + 10}|B`, NOW)).toEqual({ blob: 'B', aamExpires: S + 10 });
  });

  it('drops an invalid visitor id with a warning, so it is never sent', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      expect(readAmcv('-1|MCMID|12<script>|MCIDTS|1', NOW)).toEqual({});
      expect(warn).toHaveBeenCalledWith('[tagc] Ignored an invalid visitor id in the identity cookie');
    } finally {
      warn.mockRestore();
    }
  });

  it('reads nothing from a missing or garbled cookie', () => {
    expect(readAmcv(undefined, NOW)).toEqual({});
    expect(readAmcv('garbage', NOW)).toEqual({});
  });
});

describe('ids', () => {
  it('generates 38-digit local ids that are valid ids and fit two signed 64-bit halves', () => {
    for (let i = 0; i < 200; i++) {
      const id = localId();
      expect(id).toMatch(/^[1-8]\d{18}[1-8]\d{18}$/);
      expect(isValidId(id)).toBe(true);
    }
    expect(localId()).not.toBe(localId());
  });

  it('checks ids against /^[0-9a-fA-F-]+$/', () => {
    expect(['0123', 'ABCdef-12'].every(isValidId)).toBe(true);
    expect(['', 'xyz', '12 3', '12\n', 12, null].some(isValidId)).toBe(false);
  });

  it('generates supplemental ids as two 16-digit hex halves', () => {
    expect(supplementalId()).toMatch(/^[0-9A-F]{16}-[0-9A-F]{16}$/);
  });

  it('draws supplemental ids and random hex from crypto.getRandomValues, not Math.random', () => {
    const spy = vi.spyOn(Math, 'random').mockReturnValue(0);
    try {
      // With Math.random stuck at 0, an id drawn from it would be all zeros every time.
      const ids = [supplementalId(), supplementalId()];
      expect(ids[0]).not.toBe(ids[1]);
      expect(ids[0]).not.toBe('0000000000000000-0000000000000000');
      expect(randomHex(16)).toMatch(/^[0-9a-f]{32}$/);
    } finally {
      spy.mockRestore();
    }
  });
});

describe('cookie domain', () => {
  it('uses the registrable two labels, host-only for localhost and IPs', () => {
    expect(cookieDomain('www.firm.example')).toBe('.firm.example');
    expect(cookieDomain('a.b.firm.example')).toBe('.firm.example');
    expect(cookieDomain('firm.example')).toBeUndefined();
    expect(cookieDomain('localhost')).toBeUndefined();
    expect(cookieDomain('10.0.0.1')).toBeUndefined();
    // The page's host as location.hostname gives it: the URL parser lower-cases it.
    expect(cookieDomain(new URL('https://WWW.Firm.Example/').hostname)).toBe('.firm.example');
  });
});

describe('id sync validation (first failing message wins)', () => {
  it.each([
    [{ dpid: '1', url: 'u' }, true, 'Error: id syncs have been disabled'],
    [{ url: 'u' }, false, 'Error: config.dpid is empty'],
    [{ dpid: '', url: 'u' }, false, 'Error: config.dpid is empty'],
    [{ dpid: '1' }, false, 'Error: config.url is empty'],
    [{ dpid: '1', url: 'u', minutesToLive: 0 }, false, 'Error: config.minutesToLive needs to be a positive number'],
    [{ dpid: '1', url: 'u', minutesToLive: 'abc' }, false, 'Error: config.minutesToLive needs to be a positive number'],
    [{}, true, 'Error: id syncs have been disabled'],
    [{ url: '' }, false, 'Error: config.dpid is empty'],
  ])('%j (disabled %s) -> %s', (config, disabled, message) => {
    expect(validateSync(config, disabled)).toBe(message);
  });

  it('defaults minutesToLive to 20160', () => {
    expect(validateSync({ dpid: '1', url: 'u' }, false)).toBe(20160);
    expect(validateSync({ dpid: '1', url: 'u', minutesToLive: '90' }, false)).toBe(90);
  });
});
