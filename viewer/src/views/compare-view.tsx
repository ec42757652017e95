import { useEffect, useState, type ReactNode } from 'react';
import { reordered, structureChanged } from '../../../compiler/diff/structure';
import type { DeclarationDiff, DiffReport, StructureDiff } from '../../../compiler/diff/types';
import { compare, describeBase, formatBase, loadBase, loadReport, openReportFile, parseBase, reportFor } from '../data/compare';
import { formatBytes } from '../data/format';
import { loadReleases, publishInfo } from '../data/releases';
import { RuleLink } from '../layout/links';
import { ReportBehaviour } from './compare-behaviour';
import type { ViewProps } from './view-props';

// Compare: this environment (head) against another environment of the build or the same
// environment of another published build (base), as `tagc diff` reports it: declarations added,
// removed and changed, firing order, consent gates, hosts, rules switched off, bundle size. Or a
// `tagc diff --format json` report opened from disk or beside the build, with its behaviour.

type Loaded =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; diff: StructureDiff }
  | { status: 'report'; report: DiffReport };

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

function useBuildsOf(env: string, manifest: ViewProps['manifest']): string[] {
  const [ids, setIds] = useState<string[]>([]);
  const info = publishInfo(manifest);
  useEffect(() => {
    if (!info) return;
    let live = true;
    void loadReleases(info, [env]).then((h) => {
      const r = h[0];
      if (live && r?.status === 'ready') setIds([...new Set(r.releases.map((x) => x.buildId).reverse())].filter((id) => id !== info.buildId));
    });
    return () => {
      live = false;
    };
  }, [env, info?.buildId]);
  return ids;
}

export function CompareView({ env, graph, manifest, route, updateQuery }: ViewProps) {
  const base = parseBase(route.query.get('base'));
  const others = Object.keys(manifest.environments).filter((e) => e !== env);
  const builds = useBuildsOf(env, manifest);
  const [loaded, setLoaded] = useState<Loaded>({ status: 'idle' });
  const key = base ? formatBase(base) : '';
  useEffect(() => {
    if (!base) return setLoaded({ status: 'idle' });
    let live = true;
    setLoaded({ status: 'loading' });
    const fail = (error: unknown) => live && setLoaded({ status: 'error', message: message(error) });
    if (base.kind === 'report') loadReport(base.file).then((report) => live && setLoaded({ status: 'report', report }), fail);
    else loadBase(base, env, manifest).then((g) => live && setLoaded({ status: 'ready', diff: compare(env, g, graph) }), fail);
    return () => {
      live = false;
    };
  }, [key, env, graph]);

  const choose = (value: string) => updateQuery((q) => (value ? q.set('base', value) : q.delete('base')));
  const [fileError, setFileError] = useState<string | null>(null);
  const openFile = (file: File | undefined) => {
    if (!file) return;
    setFileError(null);
    openReportFile(file).then((b) => choose(formatBase(b)), (error: unknown) => setFileError(message(error)));
  };
  return (
    <section
      aria-labelledby="compare-title"
      className="view"
      onDragOver={(e) => e.preventDefault()}
      onDrop={(e) => {
        e.preventDefault();
        openFile(e.dataTransfer.files[0]);
      }}
    >
      <h2 id="compare-title">Compare {env}</h2>
      <form className="preview-form" onSubmit={(e) => e.preventDefault()}>
        <div className="field">
          <label htmlFor="compare-base">Compare {env} of this build with</label>
          <select id="compare-base" value={key} onChange={(e) => choose(e.target.value)}>
            <option value="">choose…</option>
            <optgroup label="Environments of this build">
              {others.map((e) => (
                <option key={e} value={formatBase({ kind: 'env', env: e })}>
                  {e}
                </option>
              ))}
            </optgroup>
            {builds.length > 0 && (
              <optgroup label={`Builds ${env} ran`}>
                {builds.map((id) => (
                  <option key={id} value={formatBase({ kind: 'build', buildId: id })}>
                    build {id}
                  </option>
                ))}
              </optgroup>
            )}
            {base?.kind === 'build' && !builds.includes(base.buildId) && <option value={key}>build {base.buildId}</option>}
            {base?.kind === 'report' && <option value={key}>{describeBase(base, env)}</option>}
          </select>
        </div>
        <div className="field">
          <label htmlFor="compare-report">Or open a tagc diff report (JSON of <code>tagc diff --format json</code>; dropping it here works too)</label>
          <input id="compare-report" type="file" accept="application/json,.json" onChange={(e) => openFile(e.target.files?.[0])} />
        </div>
      </form>
      <div aria-live="polite">
        {fileError && (
          <p role="alert" className="load-error">
            The report could not be opened: {fileError}
          </p>
        )}
        {loaded.status === 'loading' && <p className="loading">Loading {base && describeBase(base, env)}…</p>}
        {loaded.status === 'error' && (
          <p role="alert" className="load-error">
            {base && describeBase(base, env)} could not be loaded: {loaded.message}
          </p>
        )}
      </div>
      {loaded.status === 'ready' && base && <DiffResult env={env} baseLabel={describeBase(base, env)} headLabel={`${env} of this build`} diff={loaded.diff} />}
      {loaded.status === 'report' && <ReportResult env={env} report={loaded.report} />}
    </section>
  );
}

function ReportResult({ env, report }: { env: string; report: DiffReport }) {
  const { structure, scenarios } = reportFor(report, env);
  return (
    <div className="compare-report" data-report-done="">
      <p>
        <strong>tagc diff</strong> report: base <strong>{report.base.label}</strong>, head <strong>{report.head.label}</strong>, environments {report.environments.join(', ')}.
        {report.failed.length > 0 && <> It fails on: {report.failed.join('; ')}.</>}
      </p>
      {structure ? (
        <DiffResult env={env} baseLabel={`${env} of ${report.base.label}`} headLabel={`${env} of ${report.head.label}`} diff={structure} />
      ) : (
        <p>The report does not cover {env}; it covers {report.environments.join(', ')}.</p>
      )}
      <ReportBehaviour env={env} report={report} scenarios={scenarios} />
    </div>
  );
}

function DiffResult({ env, baseLabel, headLabel, diff }: { env: string; baseLabel: string; headLabel: string; diff: StructureDiff }) {
  const sign = (n: number) => (n > 0 ? `+${formatBytes(n)}` : n < 0 ? `−${formatBytes(-n)}` : 'no change');
  return (
    <div className="compare-result" data-compare-done="" data-changed={structureChanged(diff) ? 'yes' : 'no'}>
      <p>
        Base: <strong>{baseLabel}</strong>
        {diff.base ? ` (built ${new Date(diff.base.buildTime).toLocaleString()})` : ' (absent: everything is new)'}; head: <strong>{headLabel}</strong>.{' '}
        {diff.identical ? 'The bundles are the same bytes.' : !structureChanged(diff) ? 'No structural change.' : null}
      </p>
      <p className="small">
        Bundle size: {sign(diff.size.bytes)} ({sign(diff.size.gzipBytes)} gzip)
      </p>
      <Declarations title="Rules" env={env} d={diff.rules} rules />
      <Declarations title="Data elements" env={env} d={diff.dataElements} />
      <Declarations title="Schemas" env={env} d={diff.schemas} />
      {diff.firingOrder.length > 0 && (
        <Block title={`Firing order: ${diff.firingOrder.length} events`}>
          <ul>
            {diff.firingOrder.map((f) => (
              <li key={f.event} data-firing={f.event}>
                <strong>{f.label}</strong>
                {reordered(f) ? ' (reordered)' : ''}: {f.base.join(' → ') || 'none'} <span aria-hidden="true">⇒</span>
                <span className="visually-hidden">now</span> {f.head.join(' → ') || 'none'}
              </li>
            ))}
          </ul>
        </Block>
      )}
      {diff.consent.length > 0 && (
        <Block title={`Consent gates: ${diff.consent.length} rules`}>
          <ul>
            {diff.consent.map((c) => (
              <li key={c.rule}>
                <RuleLink env={env} id={c.rule} />: {c.base.gates.join(', ') || 'none'} ⇒ {c.head.gates.join(', ') || 'none'}
              </li>
            ))}
          </ul>
        </Block>
      )}
      {diff.hosts.added.length + diff.hosts.removed.length + diff.hosts.changed.length > 0 && (
        <Block title="Hosts contacted">
          <ul>
            {diff.hosts.added.map((h) => (
              <li key={`a${h.host}${h.directive}`}>
                new: <code>{h.host}</code> ({h.directive}, {h.head?.category})
              </li>
            ))}
            {diff.hosts.removed.map((h) => (
              <li key={`r${h.host}${h.directive}`}>
                gone: <code>{h.host}</code> ({h.directive})
              </li>
            ))}
            {diff.hosts.changed.map((h) => (
              <li key={`c${h.host}${h.directive}`}>
                changed: <code>{h.host}</code> ({h.directive}): {h.base?.category} ⇒ {h.head?.category}
              </li>
            ))}
          </ul>
        </Block>
      )}
      {diff.switched.off.length + diff.switched.on.length > 0 && (
        <Block title="Rules switched off or on">
          <p>
            Off: {diff.switched.off.join(', ') || 'none'}. On: {diff.switched.on.join(', ') || 'none'}.
          </p>
        </Block>
      )}
    </div>
  );
}

function Block({ title, children }: { title: string; children: ReactNode }) {
  return (
    <>
      <h3>{title}</h3>
      {children}
    </>
  );
}

function Declarations({ title, env, d, rules }: { title: string; env: string; d: DeclarationDiff; rules?: boolean }) {
  const name = (n: string) => (rules ? <RuleLink env={env} id={n} /> : <code>{n}</code>);
  const total = d.added.length + d.removed.length + d.changed.length;
  return (
    <>
      <h3>
        {title}: {total === 0 ? 'no change' : `${d.added.length} added, ${d.removed.length} removed, ${d.changed.length} changed`}
      </h3>
      {total > 0 && (
        <ul className="compare-list" data-kind={title}>
          {d.added.map((x) => (
            <li key={`a${x.name}`} data-change="added" data-name={x.name}>
              added {name(x.name)} <span className="muted small">{x.file}</span>
            </li>
          ))}
          {d.removed.map((x) => (
            <li key={`r${x.name}`} data-change="removed" data-name={x.name}>
              removed <code>{x.name}</code> <span className="muted small">{x.file}</span>
            </li>
          ))}
          {d.changed.map((x) => (
            <li key={`c${x.name}`} data-change="changed" data-name={x.name}>
              changed {name(x.name)}: {[...x.fields, ...(x.source && !x.fields.length ? ['source only'] : [])].join(', ')}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
