import { Window as HappyWindow } from 'happy-dom';
import { defineGlobals, environments } from '../environments';
import { median } from './stats';

// The cost of one analytics beacon in Node + happy-dom: building the query and URL of a typical
// link hit (25 variables, events, products, context data, customer ids), and handing it to the
// transport (an image GET through the egress point: consent, host inventory, redaction). Median of many runs; figures, never thresholds.

const RUNS = 2000;

export async function benchBeacon(): Promise<{ buildMicros: number; sendMicros: number }> {
  // Runtime modules read the build-time constants; outside a bundle they get prod's values.
  defineGlobals(environments.prod);
  const { buildBeaconUrl, buildQuery } = await import('../../runtime/analytics/beacon');
  const { transmit } = await import('../../runtime/analytics/transport');
  const { configureEgress } = await import('../../runtime/core/egress');

  const happy = new HappyWindow({ url: 'https://www.bench.example/us/funds/growth-fund.html', settings: { disableJavaScriptFileLoading: true, disableCSSFileLoading: true } });
  const win = happy as unknown as Window & typeof globalThis;
  const vars: Record<string, unknown> = { pageName: 'us > funds > growth fund', channel: 'US sites', events: ['event61', 'event5=2.5', 'scAdd'] };
  for (let i = 1; i <= 20; i++) vars[`eVar${i}`] = `value ${i} for the analytics variable`;
  for (let i = 1; i <= 5; i++) vars[`prop${i}`] = `prop ${i}`;
  vars.products = [{ productInfo: { productID: 'AGTHX' }, quantity: 1 }, { productInfo: { productID: 'AMCPX' }, quantity: 2 }];
  vars.contextData = { 'fund.tool': 'screener', 'fund.view': 'grid', 'page.type': 'fund' };
  const identity = { mid: '61794315425683745813796539875063201498', aamlh: '7', mcorgid: 'BENCH000000000000000000@AdobeOrg', customerIds: { advisorId: { id: 'A123', authState: 1 as const } } };
  // A synthetic hit: the figure does not depend on the container, so neither do its hosts.
  const target = { trackingServer: 'metrics.bench.example', rsid: 'benchsuite' };
  const hit = () => ({ vars, now: new Date(), pageUrl: win.location.href, link: { name: 'Open an account', type: 'o' as const } });
  // The send goes through the egress point as in a bundle: consent granted, the host in the inventory.
  configureEgress({ hosts: { analytics: [target.trackingServer] }, allows: () => true });

  const build: number[] = [];
  const send: number[] = [];
  try {
    for (let i = 0; i < RUNS; i++) {
      const t0 = performance.now();
      const url = buildBeaconUrl(target, buildQuery(hit(), identity));
      const t1 = performance.now();
      transmit(win, url, false);
      const t2 = performance.now();
      build.push((t1 - t0) * 1000);
      send.push((t2 - t1) * 1000);
    }
  } finally {
    configureEgress(null);
    await happy.happyDOM.abort();
    await happy.happyDOM.close();
  }
  return { buildMicros: Math.round(median(build) * 10) / 10, sendMicros: Math.round(median(send) * 10) / 10 };
}
