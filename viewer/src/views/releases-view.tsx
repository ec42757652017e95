import { useEffect, useState } from 'react';
import { buildViewerUrl, loadReleases, publishInfo, publishRoot, type EnvReleases } from '../data/releases';
import { formatRoute } from '../routing/route';
import type { ViewProps } from './view-props';

// Every environment's releases, newest first: which build it runs now, what it ran before, who
// moved it and when; each build opens in its own viewer.

export function ReleasesView({ env, manifest }: ViewProps) {
  const info = publishInfo(manifest);
  const envs = Object.keys(manifest.environments);
  const [histories, setHistories] = useState<EnvReleases[] | null>(null);
  useEffect(() => {
    if (!info) return;
    let live = true;
    void loadReleases(info, envs).then((h) => live && setHistories(h));
    return () => {
      live = false;
    };
  }, [info?.buildId, envs.join(',')]);

  if (!info)
    return (
      <section aria-labelledby="releases-title" className="view">
        <h2 id="releases-title">Releases</h2>
        <div className="notice" role="note">
          <p>
            <strong>This build was not published.</strong> Releases shows the history <code>tagc publish</code>, <code>tagc promote</code> and <code>tagc rollback</code> keep beside
            published builds; open the viewer of a published build, or run <code>npx tagc releases</code> against the bucket.
          </p>
        </div>
      </section>
    );
  const root = publishRoot(info);
  const ordered = histories ? [...histories].sort((a, b) => (a.env === env ? -1 : b.env === env ? 1 : 0)) : null;
  return (
    <section aria-labelledby="releases-title" className="view">
      <h2 id="releases-title">Releases</h2>
      <p className="muted small">
        This is build <code>{info.buildId}</code> (commit <code>{info.commit.slice(0, 12)}</code>). Newest first; the first row of each environment is what it runs now.
      </p>
      {!ordered && <p className="loading">Loading the release history…</p>}
      {ordered?.map((h) => (
        <div key={h.env} className="table-scroll">
          {h.status === 'none' && (
            <p>
              <strong>{h.env}</strong>: never released.
            </p>
          )}
          {h.status === 'error' && (
            <p role="alert" className="load-error">
              {h.env}: the release history could not be read: {h.message}
            </p>
          )}
          {h.status === 'ready' && (
            <table className="data-table releases" data-env={h.env}>
              <caption>
                {h.env}: {h.releases.length} releases
              </caption>
              <thead>
                <tr>
                  <th scope="col">Build</th>
                  <th scope="col">Action</th>
                  <th scope="col">When</th>
                  <th scope="col">By</th>
                  <th scope="col">Before</th>
                  <th scope="col">Built</th>
                </tr>
              </thead>
              <tbody>
                {[...h.releases].reverse().map((r, i) => (
                  <tr key={`${r.at}-${i}`} data-build={r.buildId} data-action={r.action} className={r.buildId === info.buildId ? 'current' : undefined}>
                    <th scope="row">
                      <a href={buildViewerUrl(root, r.buildId, formatRoute({ env: h.env, view: 'rules' }))}>{r.buildId}</a>
                      {i === 0 && <span className="badge">running</span>}
                      {r.buildId === info.buildId ? (
                        <span className="muted small"> (this build)</span>
                      ) : (
                        <>
                          {' '}
                          <a className="small" href={formatRoute({ env: h.env, view: 'compare', query: { base: `build:${r.buildId}` } })}>
                            compare with this build
                          </a>
                        </>
                      )}
                    </th>
                    <td>{r.action}</td>
                    <td>
                      <time dateTime={r.at}>{new Date(r.at).toLocaleString()}</time>
                    </td>
                    <td>{r.by}</td>
                    <td>{r.previous ?? '—'}</td>
                    <td>
                      <time dateTime={r.buildTime}>{new Date(r.buildTime).toLocaleString()}</time>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
      ))}
    </section>
  );
}
