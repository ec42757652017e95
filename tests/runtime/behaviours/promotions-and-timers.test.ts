// @vitest-environment happy-dom
import { PROMO_ATTRIBUTE, readPromo, type Promo } from '../../../runtime/behaviours/promotions';
import { promoView } from '../../../runtime/events/promo-view';
import { promoClick } from '../../../runtime/events/promo-click';
import { heartbeat } from '../../../runtime/events/heartbeat';
import { timeOnPage } from '../../../runtime/events/timer';
import { scrollDepth } from '../../../runtime/events/scroll';
import { rule } from '../../../runtime/declare/rule';
import type { EventSource, Rule } from '../../../runtime/declare/types';
import { boot, resetWindow, restoreConsole } from '../../helpers/runtime';

/** Boots one rule on `event` that records its payloads. */
function record<P>(event: EventSource<P>): P[] {
  const seen: P[] = [];
  boot([rule({ id: 'rec', description: 'x', events: [event], actions: [{ label: 'record', sends: 'necessary', run: (ctx) => void seen.push(ctx.event.payload as P) }] }) as Rule]);
  return seen;
}

/** A controllable IntersectionObserver: `enter(el)` reports the element as intersecting. */
class FakeObserver {
  static all: FakeObserver[] = [];
  observed = new Set<Element>();
  constructor(private readonly callback: IntersectionObserverCallback) {
    FakeObserver.all.push(this);
  }
  observe(el: Element) {
    this.observed.add(el);
  }
  unobserve(el: Element) {
    this.observed.delete(el);
  }
  disconnect() {
    this.observed.clear();
  }
  static enter(el: Element, isIntersecting = true) {
    for (const o of FakeObserver.all) if (o.observed.has(el)) o.callback([{ target: el, isIntersecting } as IntersectionObserverEntry], o as unknown as IntersectionObserver);
  }
}

const original = window.IntersectionObserver;
beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  window.IntersectionObserver = original;
  FakeObserver.all = [];
  restoreConsole();
  resetWindow();
  document.body.innerHTML = '';
});

describe('promotions', () => {
  it('reads the promo name and its products, the promo itself being the product when none are listed', () => {
    document.body.innerHTML = '<div id="p1" data-ea-promo="Spring webinar" data-ea-promo-products="AGTHX, AMCPX"></div><div id="p2" data-ea-promo="Outlook 2026"></div><div data-ea-promo></div>';
    const [a, b, c] = [...document.querySelectorAll('[data-ea-promo]')].map((el) => readPromo(el, PROMO_ATTRIBUTE));
    expect(a).toEqual({ promoName: 'Spring webinar', product: [{ productInfo: { productID: 'AGTHX' }, quantity: 1 }, { productInfo: { productID: 'AMCPX' }, quantity: 1 }] });
    expect(b?.product).toEqual([{ productInfo: { productID: 'Outlook 2026' }, quantity: 1 }]);
    expect(c).toBeNull();
  });

  it('reports a promo view on the first viewport entry only, and finds promotions added later', () => {
    window.IntersectionObserver = FakeObserver as unknown as typeof IntersectionObserver;
    document.body.innerHTML = '<div id="p1" data-ea-promo="Spring webinar"></div>';
    const views = record<Promo>(promoView());
    const p1 = document.getElementById('p1')!;
    FakeObserver.enter(p1, false);
    expect(views).toEqual([]);
    FakeObserver.enter(p1);
    FakeObserver.enter(p1);
    expect(views.map((v) => v.promoName)).toEqual(['Spring webinar']);

    document.body.insertAdjacentHTML('beforeend', '<div id="p2" data-ea-promo="Outlook 2026"></div>');
    const p2 = document.getElementById('p2')!;
    FakeObserver.enter(p2);
    expect(views).toHaveLength(1);
    vi.advanceTimersByTime(3000);
    FakeObserver.enter(p2);
    expect(views.map((v) => v.promoName)).toEqual(['Spring webinar', 'Outlook 2026']);
  });

  it('reports no promo views and throws nothing where IntersectionObserver is absent', () => {
    delete (window as { IntersectionObserver?: unknown }).IntersectionObserver;
    document.body.innerHTML = '<div data-ea-promo="Spring webinar"></div>';
    const views = record<Promo>(promoView());
    vi.advanceTimersByTime(10_000);
    expect(views).toEqual([]);
  });

  it('reports a promo click and follows its link after 500 ms', () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    document.body.innerHTML = '<div data-ea-promo="Spring webinar"><a id="go" href="/webinars/spring.html"><img alt="x"></a></div>';
    const clicks = record<Promo & { href: string }>(promoClick());
    const stop = (e: Event) => e.preventDefault();
    window.addEventListener('click', stop);
    document.querySelector('#go img')!.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    window.removeEventListener('click', stop);
    expect(clicks).toEqual([{ promoName: 'Spring webinar', product: [{ productInfo: { productID: 'Spring webinar' }, quantity: 1 }], href: 'http://localhost:3000/webinars/spring.html' }]);
    vi.advanceTimersByTime(499);
    expect(assign).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(assign).toHaveBeenCalledWith('http://localhost:3000/webinars/spring.html');
    assign.mockRestore();
  });
});

describe('page timers and scroll', () => {
  let visibility: DocumentVisibilityState = 'visible';
  beforeEach(() => {
    visibility = 'visible';
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
  });

  it('beats every 30 s while the page is visible and skips hidden periods', () => {
    const beats = record<{ beat: number; seconds: number }>(heartbeat());
    vi.advanceTimersByTime(29_999);
    expect(beats).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(beats).toEqual([{ beat: 1, seconds: 30 }]);
    visibility = 'hidden';
    vi.advanceTimersByTime(60_000);
    visibility = 'visible';
    vi.advanceTimersByTime(30_000);
    expect(beats).toEqual([{ beat: 1, seconds: 30 }, { beat: 2, seconds: 60 }]);
  });

  it('fires the 30-seconds-on-page trigger once', () => {
    const fired = record<{ seconds: number }>(timeOnPage(30));
    vi.advanceTimersByTime(29_999);
    expect(fired).toEqual([]);
    vi.advanceTimersByTime(120_000);
    expect(fired).toEqual([{ seconds: 30 }]);
  });

  it('reports each scroll depth once, in order, even when the visitor jumps past several', () => {
    let y = 0;
    Object.defineProperty(document.documentElement, 'scrollHeight', { configurable: true, get: () => 4000 });
    Object.defineProperty(window, 'innerHeight', { configurable: true, get: () => 1000 });
    Object.defineProperty(window, 'scrollY', { configurable: true, get: () => y });
    const depths = record<{ percent: number }>(scrollDepth());
    const scrollTo = (to: number) => {
      y = to;
      window.dispatchEvent(new Event('scroll'));
      vi.advanceTimersByTime(250);
    };
    scrollTo(100);
    expect(depths).toEqual([{ percent: 25 }]);
    scrollTo(2100);
    expect(depths.map((d) => d.percent)).toEqual([25, 50, 75]);
    scrollTo(0);
    scrollTo(3000);
    scrollTo(3000);
    expect(depths.map((d) => d.percent)).toEqual([25, 50, 75, 100]);
  });
});
