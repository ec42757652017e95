import { WEB_SCHEME } from '../core/egress';

// What a clicked link is (spec §5, §9; docs/site-config.md internal-link filter): a link marked with one of
// the data-ea-*-link attributes is what its attribute says; an unmarked link is a download when
// its URL ends in a document, image, audio or video extension, has the download class or names a
// file in a file-url parameter, an exit link when it leaves the firm's domains, and otherwise not
// tracked (ordinary navigation is measured by the next page view).

export type LinkType = 'cta' | 'download' | 'exit' | 'ui';

export interface LinkClick {
  type: LinkType;
  /** Absolute URL of the link, '' for a marked element without one (a button). */
  href: string;
  /** The attribute's value, else the visible text (white space collapsed), at most 250 characters. */
  text: string;
  /** data-ea-link-id, else the element's id, else ''. */
  linkId: string;
  /** data-ea-link-position of the element or its nearest ancestor, else ''. */
  linkPosition: string;
  /** The file name of a download, '' otherwise. */
  fileName: string;
}

export interface LinkRules {
  /** The firm's own domains; each also covers its subdomains. */
  ownDomains: readonly string[];
  /** Schemes that count as internal (mailto:, tel:, javascript:). */
  internalSchemes: readonly string[];
  downloadExtensions?: readonly string[];
  /** A class that marks a download link. */
  downloadClass?: string;
  /** Query parameters (any case) whose value is a file's URL. */
  fileUrlParams?: readonly string[];
}

/** Spec §9: link text is capped at 250 characters. */
export const LINK_TEXT_MAX = 250;

/** Spec §9: doc, docx, pdf, xls, xlsx, ppt, pptx, zip, csv, images, audio, video "and others". */
export const DOWNLOAD_EXTENSIONS: readonly string[] = [
  'doc', 'docx', 'pdf', 'xls', 'xlsx', 'xlsm', 'ppt', 'pptx', 'zip', 'csv', 'txt', 'rtf', 'odt', 'ods', 'odp', 'xml', 'json', 'epub',
  '7z', 'rar', 'gz', 'tgz', 'tar', 'exe', 'dmg', 'msi', 'pkg',
  'jpg', 'jpeg', 'png', 'gif', 'svg', 'webp', 'bmp', 'tif', 'tiff', 'ico', 'eps',
  'mp3', 'wav', 'm4a', 'aac', 'ogg', 'flac', 'wma',
  'mp4', 'm4v', 'mov', 'avi', 'wmv', 'webm', 'mkv', 'mpg', 'mpeg', 'flv',
];

/** The marking attributes, strongest first (an element with two is the first one's type). */
export const LINK_ATTRIBUTES: readonly (readonly [string, LinkType])[] = [
  ['data-ea-cta-link', 'cta'],
  ['data-ea-download-link', 'download'],
  ['data-ea-exit-link', 'exit'],
  ['data-ea-ui-link', 'ui'],
];

// Pure: a bundle whose rules never classify clicks drops it (and the table) altogether.
const MARKED = /* @__PURE__ */ LINK_ATTRIBUTES.map(([a]) => `[${a}]`).join(',');

/** White space collapsed and cut to the cap. */
export function capText(value: string): string {
  return value.replace(/\s+/g, ' ').trim().slice(0, LINK_TEXT_MAX);
}

function hostWithin(host: string, domain: string): boolean {
  const h = host.toLowerCase();
  const d = domain.toLowerCase().replace(/^\./, '');
  return h === d || h.endsWith(`.${d}`);
}

/** docs/site-config.md internal-link filter: the page's own host, the firm's domains and the internal schemes. */
export function isInternal(url: URL, pageHost: string, rules: LinkRules): boolean {
  const scheme = url.protocol.toLowerCase();
  if (rules.internalSchemes.some((s) => s.toLowerCase() === scheme)) return true;
  if (!WEB_SCHEME.test(scheme)) return true;
  return hostWithin(url.hostname, pageHost) || rules.ownDomains.some((d) => hostWithin(url.hostname, d));
}

function extensionOf(path: string): string {
  const last = path.split('/').pop() ?? '';
  const dot = last.lastIndexOf('.');
  return dot > 0 ? last.slice(dot + 1).toLowerCase() : '';
}

function fileParam(url: URL, rules: LinkRules): string {
  const wanted = (rules.fileUrlParams ?? ['fileUrl']).map((p) => p.toLowerCase());
  for (const [key, value] of url.searchParams) if (value && wanted.includes(key.toLowerCase())) return value;
  return '';
}

function lastSegment(path: string): string {
  const seg = path.split(/[?#]/)[0].split('/').filter(Boolean).pop() ?? '';
  try {
    return decodeURIComponent(seg);
  } catch {
    return seg;
  }
}

/** The downloaded file's name when the link is a download, else ''. */
export function downloadName(url: URL, el: Element | null, rules: LinkRules): string {
  const exts = rules.downloadExtensions ?? DOWNLOAD_EXTENSIONS;
  const param = fileParam(url, rules);
  if (param) return lastSegment(param) || param;
  if (exts.includes(extensionOf(url.pathname))) return lastSegment(url.pathname);
  if (el && el.classList.contains(rules.downloadClass ?? 'download')) return lastSegment(url.pathname) || url.href;
  return '';
}

function visibleText(el: Element): string {
  const aria = el.getAttribute('aria-label');
  if (aria && aria.trim()) return aria;
  const own = (el as HTMLElement).innerText ?? el.textContent ?? '';
  if (own.trim()) return own;
  const img = el.querySelector('img[alt]');
  return img?.getAttribute('alt') || el.getAttribute('title') || '';
}

/** The tracked link a click landed on, or null for clicks that are not tracked. */
export function classifyClick(target: Element, location: Pick<Location, 'href' | 'hostname'>, rules: LinkRules): LinkClick | null {
  const marked = target.closest(MARKED);
  const anchor = target.closest('a[href], area[href]');
  const el = marked ?? anchor;
  if (!el) return null;
  const rawHref = (el.closest('a[href], area[href]') ?? anchor)?.getAttribute('href') ?? '';
  let url: URL | null = null;
  try {
    url = rawHref ? new URL(rawHref, location.href) : null;
  } catch {
    url = null;
  }

  let type: LinkType | null = null;
  let label = '';
  if (marked) {
    for (const [attr, t] of LINK_ATTRIBUTES) {
      if (marked.hasAttribute(attr)) {
        type = t;
        label = marked.getAttribute(attr) ?? '';
        break;
      }
    }
  } else if (url) {
    if (downloadName(url, el, rules)) type = 'download';
    else if (!isInternal(url, location.hostname, rules)) type = 'exit';
  }
  if (!type) return null;

  const positioned = el.closest('[data-ea-link-position]');
  return {
    type,
    href: url ? url.href : '',
    text: capText(label || visibleText(el)),
    linkId: el.getAttribute('data-ea-link-id') || el.id || '',
    linkPosition: positioned?.getAttribute('data-ea-link-position') ?? '',
    fileName: type === 'download' && url ? downloadName(url, el, rules) || lastSegment(url.pathname) : '',
  };
}
