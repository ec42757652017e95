import type { Manifest } from '../graph-types';

// The demo page: loads one environment's bundle exactly as the firm's pages do
// (<script src integrity crossorigin>) and offers buttons that push catalogue events.

export function demoPage(options: { env: string; manifest: Manifest; bundleBase: string; title?: string }): string {
  const entry = options.manifest.environments[options.env as keyof Manifest['environments']];
  if (!entry) throw new Error(`no "${options.env}" bundle in the manifest`);
  const src = `${options.bundleBase.replace(/\/$/, '')}/${entry.file}`;
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${esc(options.title ?? `tagc demo (${options.env})`)}</title>
<script>
  window.appEventData = window.appEventData || [];
  window.appEventData.push({ event: 'Page Load Started', page: { pageName: 'demo > Home', siteAudience: 'advisor', siteCountry: 'us', siteLanguage: 'en', channel: 'US sites' } });
</script>
<script src="${esc(src)}" integrity="${esc(entry.integrity)}" crossorigin="anonymous"></script>
<style>body{font:16px/1.5 system-ui,sans-serif;margin:2rem;max-width:50rem}button{margin:.25rem}code{background:#eee;padding:0 .2rem}</style>
</head>
<body>
<h1>tagc demo: <code>${esc(options.env)}</code> bundle</h1>
<p>Bundle <code>${esc(entry.file)}</code>, ${entry.bytes} bytes (${entry.gzipBytes} gzip), ${entry.rules} rules. Open the console with <code>tagc.debug(true)</code> to follow rules as they fire.</p>
<p>
  <button type="button" data-event="Page Load Completed">Page Load Completed</button>
  <button type="button" data-event="CTA Clicked" data-payload='{"linkInfo":{"linkId":"demo-cta","customLinkName":"Demo CTA"}}'>CTA Clicked</button>
</p>
<p><a href="/viewer/">Open the rule-graph viewer</a></p>
<script>
  document.addEventListener('click', function (e) {
    var b = e.target.closest('button[data-event]');
    if (!b) return;
    var payload = b.getAttribute('data-payload');
    window.appEventData.push(Object.assign({ event: b.getAttribute('data-event') }, payload ? JSON.parse(payload) : {}));
  });
</script>
</body>
</html>
`;
}
