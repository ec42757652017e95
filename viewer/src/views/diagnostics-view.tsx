import { formatDiagnostic } from '../../../compiler/diagnostics';
import type { ViewProps } from './view-props';

// The compiler's diagnostics for this build, worded exactly as `tagc build` prints them.

export function DiagnosticsView({ env, graph }: ViewProps) {
  const list = graph.diagnostics;
  return (
    <section aria-labelledby="diag-title" className="view">
      <h2 id="diag-title">Diagnostics in {env}</h2>
      {list.length === 0 ? (
        <p>The compiler reported nothing for this build.</p>
      ) : (
        <ul className="diagnostics">
          {list.map((d, i) => (
            <li key={i} className={d.severity}>
              <code>{formatDiagnostic(d)}</code>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
