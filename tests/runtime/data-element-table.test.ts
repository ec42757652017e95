// @vitest-environment happy-dom
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadKinds, type KindRegistry } from '../../compiler/kinds/registry';
import { dataElementReaders, dataRow, denseRows, type DataElementReaders, type DataRow } from '../../compiler/phases/5-emit/data-element-rows';
import { computed, constant, cookie, dataLayerValue, domAttribute, globalVariable, localItem, pageInfo, queryParam, sessionItem } from '../../runtime/declare';
import type { DataElement } from '../../runtime/declare/types';
import * as readerModule from '../../runtime/data-elements/readers';
import { dataElementTable, type KindReader, type TableRow } from '../../runtime/data-elements/table';
import { boot, resetWindow, restoreConsole } from '../helpers/runtime';

// Data elements as data: the compiler turns a declaration into a row (kind, params, options) and
// the runtime rebuilds it with the kind's reader of params. The rebuilt declaration must read what
// the factory's declaration reads, on the same page.

beforeEach(resetWindow);
afterEach(restoreConsole);

let kinds: KindRegistry;
let readers: DataElementReaders;
beforeAll(async () => {
  kinds = await loadKinds();
  readers = (await dataElementReaders(`${process.cwd()}/runtime/core/start.ts`))!;
});

const declared: Record<string, DataElement> = {
  pageName: dataLayerValue('page.pageName', { clean: true, description: 'the page name' }),
  country: dataLayerValue('page.siteCountry', { lowerCase: true, default: 'us' }),
  // Named as its path ends (its row ends with the dot), and a path that ends with a dot itself.
  siteCountry: dataLayerValue('page.siteCountry'),
  dotted: dataLayerValue('page.'),
  // Named as its path is with the dot taken out (its row is the length before the dot).
  pageSiteCountry: dataLayerValue('page.siteCountry'),
  pageSiteCountryClean: dataLayerValue('page.siteCountryClean', { clean: true }),
  campaign: queryParam('CID', { caseInsensitive: true, storage: 'session' }),
  exact: queryParam('CID'),
  role: cookie('role'),
  stored: localItem('partyId'),
  session: sessionItem('visit'),
  fixed: constant({ a: [1, 2] }),
  title: pageInfo('title'),
  hostname: pageInfo('hostname'),
  global: globalVariable('digitalData.page.name'),
  heading: domAttribute('h1', 'text'),
  custom: computed(() => 'code'),
};

/** The declarations as the generated entry carries them (dense rows, denseRows). */
function asTable(elements: Record<string, DataElement>, strip: boolean): Record<string, DataElement> {
  const code: Record<string, TableRow> = {};
  const asData: [string, DataRow][] = [];
  for (const [name, el] of Object.entries(elements)) {
    const row = dataRow(el, readers, strip);
    if (row) asData.push([name, row]);
    else code[name] = el;
  }
  const dense = denseRows(asData);
  const used = dense.kinds.map(({ kind, key }): KindReader => [(readerModule as Record<string, KindReader[0]>)[kind]!, key, kind]);
  const rows: Record<string, TableRow> = { ...code, ...Object.fromEntries(dense.rows as [string, TableRow][]) };
  return dataElementTable(used, Object.fromEntries(Object.keys(elements).map((name) => [name, rows[name]!])));
}

function page(): void {
  history.replaceState(null, '', '/advisor/x.html?cid=Spring');
  document.title = 'A page';
  document.body.innerHTML = '<h1>Heading</h1>';
  document.cookie = 'role=advisor';
  localStorage.setItem('partyId', 'p-1');
  sessionStorage.setItem('visit', 'v-2');
  (window as unknown as Record<string, unknown>).digitalData = { page: { name: 'global name' } };
}

function values(elements: Record<string, DataElement>): Record<string, unknown> {
  resetWindow();
  page();
  boot([], elements);
  window.appEventData.push({ event: 'Page Load Started', page: { pageName: '  Home   page ', siteCountry: 'GB', siteCountryClean: ' Great   Britain ' } });
  return Object.fromEntries(Object.keys(elements).map((name) => [name, window.tagc.getVar(name)]));
}

describe('data elements as data', () => {
  it('rebuilds every declaration of a kind with a reader as its factory made it, and keeps custom code as it is', () => {
    const table = asTable(declared, false);
    for (const [name, el] of Object.entries(declared)) {
      const { read, ...shape } = table[name];
      const { read: original, ...expected } = el;
      expect(shape, name).toEqual(expected);
      expect(typeof read, name).toBe('function');
      if (name === 'custom') expect(read).toBe(original);
      else expect(read, name).not.toBe(original);
    }
  });

  it('reads on a page what the declarations read', () => {
    const expected = values(declared);
    expect(expected).toEqual({
      pageName: 'Home page', country: 'gb', siteCountry: 'GB', dotted: undefined, pageSiteCountry: 'GB', pageSiteCountryClean: 'Great Britain', campaign: 'Spring', exact: undefined, role: 'advisor', stored: 'p-1', session: 'v-2', fixed: { a: [1, 2] },
      title: 'A page', hostname: location.hostname, global: 'global name', heading: 'Heading', custom: 'code',
    });
    expect(values(asTable(declared, true))).toEqual(expected);
  });

  it('builds a row into its declaration only when it is first read, and then always gives that same declaration', () => {
    let calls = 0;
    const reader = (params: { path: string }) => {
      calls++;
      return () => params.path;
    };
    const table = dataElementTable([[reader as KindReader[0], undefined, 'dataLayerValue']], { a: [0, { path: 'a' }], b: [0, { path: 'b' }] });
    expect(calls).toBe(0);
    expect(Object.keys(table)).toEqual(['a', 'b']);
    expect('a' in table && Object.prototype.hasOwnProperty.call(table, 'b') && !('c' in table)).toBe(true);
    const first = table.a;
    expect(calls).toBe(1);
    expect(table.a).toBe(first);
    expect(calls).toBe(1);
    expect(table.c).toBeUndefined();
  });

  it('writes a row of one string param as that string, alone for the most used kind without options', () => {
    const rows = (['pageName', 'country', 'role', 'fixed', 'title'] as const).map((name): [string, DataRow] => [name, dataRow(declared[name], readers, true)!]);
    const more: [string, DataRow][] = [
      ['section', dataRow(dataLayerValue('page.siteSection1'), readers, true)!],
      ['code', dataRow(cookie('code'), readers, true)!],
      ['siteSection1', dataRow(dataLayerValue('page.siteSection1'), readers, true)!],
      ['siteSection2', dataRow(dataLayerValue('page.siteSection2', { clean: true }), readers, true)!],
      ['dotted', dataRow(dataLayerValue('page.'), readers, true)!],
      ['userAdvisorId', dataRow(dataLayerValue('user.advisorId'), readers, true)!],
      ['userAdvisorID', dataRow(dataLayerValue('user.advisorId'), readers, true)!],
      ['pageSiteName', dataRow(dataLayerValue('page.siteName', { clean: true }), readers, true)!],
      ['roleCookie', dataRow(cookie('role.cookie'), readers, true)!],
    ];
    const dense = denseRows([...rows, ...more]);
    expect(dense.kinds).toEqual([{ kind: 'dataLayer', key: 'path' }, { kind: 'cookie', key: 'name' }, { kind: 'constant' }, { kind: 'pageInfo', key: 'attribute' }]);
    expect(dense.rows).toEqual([
      ['pageName', [0, 'page.', { clean: true }]],
      ['country', [0, 'page.siteCountry', { lowerCase: true, default: 'us' }]],
      ['role', [1, 'role']],
      ['fixed', [2, { value: { a: [1, 2] } }]],
      ['title', [3, 'title']],
      ['section', 'page.siteSection1'],
      ['code', [1, 'code']],
      // A path that ends with the element's name ends with the dot; one that ends with a dot keeps its params.
      ['siteSection1', 'page.'],
      ['siteSection2', [0, 'page.', { clean: true }]],
      ['dotted', [0, { path: 'page.' }]],
      // A path that is the element's name with a dot before a letter put in lower case is the length before the dot.
      ['userAdvisorId', 4],
      ['userAdvisorID', 'user.advisorId'],
      ['pageSiteName', [0, 4, { clean: true }]],
      ['roleCookie', [1, 4]],
    ]);
  });

  it('leaves out the viewer-only description where bundles strip it, and keeps a non-JSON declaration as code', () => {
    expect(dataRow(declared.pageName, readers, true)!.options).toEqual({ clean: true });
    expect(dataRow(declared.pageName, readers, false)!.options).toEqual({ clean: true, description: 'the page name' });
    expect(dataRow(constant(new Date(0)), readers, true)).toBeUndefined();
    expect(dataRow(constant(undefined, { default: () => 1 }), readers, true)).toBeUndefined();
  });

  it('has a reader for every data-element kind without code of its own, each named as a kind the compiler knows', () => {
    const known = [...kinds['data-elements'].keys()];
    expect([...readers.kinds].filter((k) => !known.includes(k))).toEqual([]);
    expect(known.filter((k) => !readers.kinds.has(k)).sort()).toEqual(['custom', 'derived']);
  });
});

describe('the query-parameter reader', () => {
  it('reads the first parameter of the name, in any case only when asked', () => {
    resetWindow();
    history.replaceState(null, '', '/x.html?a=1&CID=first&cid=second');
    boot([], { any: queryParam('cid', { caseInsensitive: true }), exact: queryParam('cid'), otherCase: queryParam('Cid'), absent: queryParam('b', { caseInsensitive: true }) });
    expect(['any', 'exact', 'otherCase', 'absent'].map((name) => window.tagc.getVar(name))).toEqual(['first', 'second', undefined, undefined]);
  });
});
