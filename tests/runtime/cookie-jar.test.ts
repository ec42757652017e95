import { describe, expect, it } from 'vitest';
import { forgetCookies, getCookie, readCookies, removeCookie, setCookie } from '../../runtime/core/cookies';

// The jar is read once per task: the document.cookie getter (slow in browsers) runs once for any
// number of reads in one synchronous run and again in a later task; tagc's own writes update it
// (the page's first write is read back once, to learn that the page saves cookies).

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

  it("proves with the page's first write, read back, that the page saves cookies", () => {
    const doc = countingDocument('a=1');
    const d = doc as unknown as Document;
    expect(setCookie('a', '2', {}, d)).toBe(true);
    expect(doc.reads).toBe(1);
    expect(getCookie('a', d)).toBe('2');
    expect(doc.reads).toBe(1);
  });

  it("sees tagc's later writes and removals without reading the jar again", () => {
    const doc = countingDocument('a=1; b=2');
    const d = doc as unknown as Document;
    expect(setCookie('first', 'x', {}, d)).toBe(true);
    expect(setCookie('a', 'two words', {}, d)).toBe(true);
    removeCookie('b', {}, d);
    expect([getCookie('a', d), getCookie('b', d), getCookie('first', d)]).toEqual(['two words', undefined, 'x']);
    expect(doc.reads).toBe(1);
    // What the browser holds agrees with what the parsed jar said.
    forgetCookies();
    expect([getCookie('a', d), getCookie('b', d), getCookie('first', d)]).toEqual(['two words', undefined, 'x']);
  });

  it('reports false for every write where the page saves no cookies', () => {
    const doc = countingDocument('a=1');
    Object.defineProperty(doc, 'cookie', { get: () => 'a=1', set: () => {} });
    const d = doc as unknown as Document;
    expect(setCookie('b', '2', {}, d)).toBe(false);
    expect(setCookie('c', '3', {}, d)).toBe(false);
    expect(getCookie('c', d)).toBeUndefined();
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

  it('reuses the last parse in a later task only while the jar text is the same', async () => {
    const doc = countingDocument('a=1; b=2');
    const d = doc as unknown as Document;
    const first = readCookies(d);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(readCookies(d)).toBe(first);
    expect(doc.reads).toBe(2);
    // Same length, another value: parsed afresh.
    doc.cookie = 'a=3';
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(readCookies(d)).not.toBe(first);
    expect([getCookie('a', d), getCookie('b', d), first.a]).toEqual(['3', '2', '1']);
  });
});
