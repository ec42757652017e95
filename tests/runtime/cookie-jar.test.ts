import { describe, expect, it } from 'vitest';
import { getCookie, readCookies, removeCookie, setCookie } from '../../runtime/core/cookies';

// The jar is read once per task: the document.cookie getter (slow in browsers) runs once for any
// number of reads in one synchronous run, again after tagc's own write, and again in a later task.

/** A document whose cookie getter counts its calls; writes set or delete one name. */
function countingDocument(initial: string) {
  const jar = new Map(initial.split('; ').map((p) => p.split('=') as [string, string]));
  const doc = {
    reads: 0,
    location: { protocol: 'https:' },
    get cookie() {
      doc.reads++;
      return [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    },
    set cookie(line: string) {
      const [pair, ...attributes] = line.split('; ');
      const [name, value] = pair!.split('=') as [string, string];
      if (attributes.some((a) => a.startsWith('expires=Thu, 01 Jan 1970'))) jar.delete(name);
      else jar.set(name, value);
    },
  };
  return doc;
}

describe('the cookie jar', () => {
  it('is read once for every read of one synchronous run', () => {
    const doc = countingDocument('a=1; b=2');
    const d = doc as unknown as Document;
    expect([getCookie('a', d), getCookie('b', d), getCookie('c', d), readCookies(d).a]).toEqual(['1', '2', undefined, '1']);
    expect(doc.reads).toBe(1);
  });

  it("is read again after tagc's own write or removal, which the next read sees", () => {
    const doc = countingDocument('a=1');
    const d = doc as unknown as Document;
    expect(getCookie('a', d)).toBe('1');
    expect(setCookie('a', '2', {}, d)).toBe(true);
    expect(getCookie('a', d)).toBe('2');
    removeCookie('a', {}, d);
    expect(getCookie('a', d)).toBeUndefined();
    expect(doc.reads).toBe(3);
  });

  it("is read again in a later task, so the page's own writes in between are seen", async () => {
    const doc = countingDocument('a=1');
    const d = doc as unknown as Document;
    expect(getCookie('a', d)).toBe('1');
    doc.cookie = 'a=page';
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(getCookie('a', d)).toBe('page');
    expect(doc.reads).toBe(2);
  });
});
