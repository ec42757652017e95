import { viewTable } from '../../runtime/declare';
import { TOOLING } from '../../runtime/declare/tooling';
import type { DataElementName } from '../../runtime/declare/types';
import type { LinkType } from '../../runtime/analytics/beacon';

// The analytics event numbers of the event catalogue (spec §9), in ONE table: the rules under
// rules/events/ read their row, the viewer shows the table. `source` says whether spec §9 gives
// the number for that event ("spec §9") or lists the number without its event and tagc chose
// where it goes ("mapped here"); "none" rows send a link hit that counts only as the named link.
//
// Every link hit also carries eVar22 = page name (the page-context mapping's choice, rules/lib/
// analytics-mapping.ts). The event-specific variables below use eVar11-eVar19, which that mapping
// leaves free: eVar11 the link, eVar12 its position or place, eVar13 the process or tool,
// eVar14 the step or detail, eVar15 the content or medium, eVar16 the search term, eVar17 a count
// or type, eVar18 a code, eVar19 a second detail.

/** A link hit of its AppMeasurement link type (o custom, d download, e exit), the page view, or none. */
export type HitType = LinkType | 'page view' | 'none';

/**
 * The viewer's words for a row's link hit: a row carries the link type its rule sends. A map, not
 * an object: keys o, d and e would be property names the bundle's mangled properties then avoid.
 */
const LINK_WORDS: ReadonlyMap<HitType, string> = new Map([['o', 'link'], ['d', 'download link'], ['e', 'exit link']]);

export interface EventRow {
  /** A catalogue event, or (in brackets) a behaviour's own trigger. */
  readonly trigger: string;
  /** AppMeasurement events sent, e.g. event61; a numeric event's value is named in `value`. */
  readonly events: readonly string[];
  /** For a numeric event: the data element whose number (seconds) becomes `eventN=value`. */
  readonly value?: DataElementName;
  /** A custom link hit (o) when it has none. */
  readonly hit?: HitType;
  /** AppMeasurement variable -> data element. */
  readonly vars: Readonly<Record<string, DataElementName>>;
  /** Tooling only (the viewer's column): bundles without tooling carry no source. */
  readonly source?: 'spec §9' | 'mapped here' | 'none';
  /** When the row applies, for the viewer's `when` column (viewer-only: prod bundles drop it). */
  readonly description: string;
  /**
   * Its events are sent by other catalogue events too, on purpose: event9 is every process's
   * middle step (spec §4), event105 the seconds played of media and podcasts (spec §9). Without
   * it, the compiler rejects a number two events send.
   */
  readonly shared?: true;
}

// A row's source is the helper that writes it (spec(...) or mapped(...)), not a string on each
// row: only the viewer's table reads it, so bundles without tooling carry none. A row is a custom
// link hit (no `hit`: the analytics action's default type, o) unless it says otherwise
// ({ ...spec(...), hit }): `about`, the viewer's text, is then the last argument, which bundles
// without tooling drop with its description.
const rows =
  (source: EventRow['source']) =>
  (trigger: string, events: string[], vars: EventRow['vars'], about: { description: string }): EventRow => ({
    trigger,
    events,
    vars,
    ...(TOOLING ? { source: events.length ? source : 'none' } : {}),
    description: about.description,
  });
/** A row whose number spec §9 gives for its event (or a row with no number). */
const spec = rows('spec §9');
/** A row whose number spec §9 lists without its event, placed here by tagc (without tooling, spec's helper). */
const mapped = TOOLING ? rows('mapped here') : spec;
/** A row whose events other rows send too (EventRow.shared); only the compiler's check reads it. */
const shared = (row: EventRow): EventRow => (TOOLING ? { ...row, shared: true } : row);

const PROCESS_VARS = { eVar13: 'toolId', eVar14: 'processStepLabel', eVar19: 'selfserviceActivityName' } as const;
const LOGIN_VARS = { eVar14: 'processStepLabel', eVar17: 'userStatusLoginMethod' } as const;
const MEDIA_VARS = { eVar15: 'multiMediaName', eVar17: 'multiMediaType' } as const;
const PROMO_VARS = { eVar11: 'promoName', eVar18: 'productIds' } as const;

// The page's own events: the page rules send them, no catalogue rule reads their rows (catalogue-
// rule.ts refuses a row without a link hit), so only the viewer's table has them. Made only where
// read: a bundle's minifier cannot tell that the calls building them have no effects.
const pageRows = () =>
  [
    { ...spec('Page Load Started', [], {}, { description: 'Sets the page context only; it travels with the page view of Page Load Completed (rules/analytics-page-view.ts).' }), hit: 'none' },
    { ...spec('Page Load Completed', [], {}, { description: 'The page view (rules/analytics-page-view.ts, owned by the page rules).' }), hit: 'page view' },
  ] as const;

export const EVENT_ROWS = [
  ...(TOOLING ? pageRows() : []),

  spec('Login Started', ['event2'], LOGIN_VARS, { description: 'The login process starts; a duplicate start (process already running) is not counted.' }),
  shared(spec('Login Step', ['event9'], LOGIN_VARS, { description: 'A new step of a running login process; a repeated step or a step without a start is not counted.' })),
  spec('Login Complete', ['event3'], LOGIN_VARS, { description: 'The login process completes with its last step; its recorded steps are cleared.' }),
  spec('Login Failure', ['event4'], LOGIN_VARS, { description: 'Every failed login attempt.' }),
  mapped('Login Lockout', ['event5'], LOGIN_VARS, { description: 'The account was locked (the failure that follows event4s).' }),
  spec('Self Service Started · self-service', ['event10'], PROCESS_VARS, { description: 'A self-service process (no tool.toolId) starts; duplicates not counted; SessionSettings empty or "hit": not tracked.' }),
  spec('Self Service Started · tool', ['event6'], PROCESS_VARS, { description: 'A tool process (tool.toolId set) starts; duplicates not counted; SessionSettings empty or "hit": not tracked.' }),
  shared(spec('Self Service Started · step', ['event9'], PROCESS_VARS, { description: 'tool.processStep true: a new middle step of a running tool or self-service process.' })),
  spec('Self Service Completed · self-service', ['event11'], PROCESS_VARS, { description: 'A self-service process completes with its last step; its steps are cleared.' }),
  spec('Self Service Completed · tool', ['event7'], PROCESS_VARS, { description: 'A tool process completes with its last step; its steps are cleared.' }),
  spec('Account Activity', [], { eVar19: 'selfserviceActivityName' }, { description: 'An account self-service activity.' }),
  spec('Abandonment', ['event65'], { eVar13: 'processStepLabel', eVar14: 'abandonmentLastTouchField', eVar19: 'abandonmentUserInputFields' }, { description: 'A tracked form left without submitting; sent with sendBeacon while the page hides.' }),
  spec('Error Message Presented', ['event66'], { eVar14: 'processStepLabel', eVar18: 'formFieldError' }, { description: 'A form error was shown.' }),

  spec('CTA Clicked', ['event61'], { eVar11: 'customLinkName', eVar12: 'linkPosition', eVar18: 'linkId' }, { description: 'A call to action (pushed by the page, or by click tracking for data-ea-cta-link).' }),
  spec('Article Click', ['event14'], { eVar15: 'contentTitle', eVar17: 'contentType', eVar12: 'contentCategory', eVar14: 'contentAction' }, { description: 'An article link was clicked.' }),
  { ...spec('Content Downloads', ['event12'], { eVar11: 'downloadFilename', eVar18: 'downloadFileLitCode', eVar19: 'downloadsLitCode' }, { description: 'A document download (pushed by the page, or by click tracking for downloads).' }), hit: 'd' },
  spec('Content Loaded', [], { eVar15: 'contentTitle' }, { description: 'A piece of content was shown.' }),
  mapped('Content Share', ['event26'], { eVar14: 'socialShareMethod', eVar15: 'contentTitle' }, { description: 'Content was shared.' }),
  mapped('Global Navigation Click', ['event34'], { eVar11: 'customLinkName', eVar12: 'navigationPath', eVar19: 'siteSwitcherName' }, { description: 'A global navigation link was clicked.' }),
  mapped('Modal Load', ['event52'], { eVar11: 'customLinkName' }, { description: 'A modal dialog opened.' }),
  spec('Newsletter SignUp Started', [], { eVar11: 'customLinkName', eVar17: 'subscriptionType' }, { description: 'A newsletter sign-up began.' }),
  spec('Newsletter SignUp Completed', ['event25'], { eVar11: 'customLinkName', eVar17: 'subscriptionType' }, { description: 'A newsletter sign-up completed.' }),
  spec('Hover', ['event67'], { eVar11: 'hoverLinkName' }, { description: 'A tracked element was hovered.' }),
  spec('Logout', ['event69'], {}, { description: 'The visitor logged out.' }),
  spec('User Signed Out', [], {}, { description: 'The session ended on the server side (not a visitor action, so not event69).' }),
  spec('Poll Vote', ['event104'], { eVar14: 'toolPollAnswer', eVar18: 'surveyModuleID' }, { description: 'A poll was answered.' }),
  spec('Tool Create PDF', [], { eVar13: 'toolId' }, { description: 'A tool produced a PDF.' }),

  mapped('Fund Additions', ['event54', 'scAdd'], { eVar13: 'toolId', eVar18: 'productIds' }, { description: 'Funds added to a tool (comparison, list); also the commerce scAdd.' }),
  mapped('Fund Removed', ['event58', 'scRemove'], { eVar13: 'toolId', eVar18: 'productIds' }, { description: 'Funds removed from a tool; also the commerce scRemove.' }),
  mapped('Cart Item Added', ['scAdd'], { eVar18: 'productIds' }, { description: 'Commerce event of docs/wire-formats.md.' }),
  mapped('Cart Item Removed', ['scRemove'], { eVar18: 'productIds' }, { description: 'Commerce event of docs/wire-formats.md.' }),
  mapped('Cart Viewed', ['scView'], { eVar18: 'productIds' }, { description: 'Commerce event of docs/wire-formats.md.' }),
  mapped('Onsite Promo Click', ['event130'], PROMO_VARS, { description: 'A promotion was clicked (its link waits 500 ms).' }),
  spec('Onsite Promo View', [], PROMO_VARS, { description: 'A promotion entered the viewport for the first time.' }),

  mapped('Search Performed', ['event18'], { eVar16: 'searchTerm', eVar17: 'onsiteSearchNumResults', eVar12: 'onsiteSearchFilterName', eVar19: 'onsiteSearchCategoryFilterName' }, { description: 'A site search ran.' }),
  spec('Onsite Search Succeeded', [], { eVar16: 'searchTerm', eVar17: 'searchNumResults' }, { description: 'A search returned results (counted by Search Performed).' }),
  spec('Onsite Search Failed', [], { eVar16: 'searchTerm' }, { description: 'A search returned nothing.' }),

  mapped('Multi-Media Started', ['event8'], MEDIA_VARS, { description: 'A video or audio started.' }),
  mapped('Multi-Media Reached 25%', ['event27'], MEDIA_VARS, { description: 'A quarter played.' }),
  mapped('Multi-Media Reached 50%', ['event28'], MEDIA_VARS, { description: 'Half played.' }),
  spec('Multi-Media Reached 75%', ['event29'], MEDIA_VARS, { description: 'Three quarters played.' }),
  mapped('Multi-Media Completed', ['event30'], MEDIA_VARS, { description: 'Played to the end.' }),
  spec('Multi-Media Chapter Click', ['event106'], { ...MEDIA_VARS, eVar14: 'multiMediaChapterName' }, { description: 'A chapter was chosen.' }),
  shared({ ...spec('Multi-Media Play Time', ['event105'], MEDIA_VARS, { description: 'Seconds played, as the numeric event105=<seconds>.' }), value: 'multiMediaPlaytime' }),
  shared({ ...spec('Podcast Play Time', ['event105'], MEDIA_VARS, { description: 'Seconds of a podcast played, as the numeric event105=<seconds>.' }), value: 'multiMediaPlaytime' }),

  spec('Page Heartbeat', [], { eVar11: 'heartbeatPageName' }, { description: 'Every 30 s while the page is visible (rules/events/page-heartbeat-push.ts pushes it).' }),
  spec('Page Scroll', [], { eVar17: 'scrollPagePercentage' }, { description: 'The page was scrolled to 25, 50, 75 and 100% (rules/events/page-scroll-push.ts pushes it).' }),
  mapped('[30 seconds on page]', ['event103'], {}, { description: 'Once per page after 30 s: an engaged page view (rules/events/analytics-time-on-page.ts).' }),
  { ...spec('[exit link click]', [], {}, { description: 'Click tracking: a link leaving the firm\'s domains (data-ea-exit-link or by host); sent as an exit link with sendBeacon.' }), hit: 'e' },
  // Sent by the exit-link rule with that row's variables (rules/events/click-tracking-links.ts): a row for the viewer alone.
  ...(TOOLING ? [spec('[UI link click]', [], {}, { description: 'Click tracking: an element marked data-ea-ui-link; the link name is its text.' })] : []),

  spec('Sign In Started', [], { eVar17: 'userStatusLoginMethod' }, { description: 'Sign-in forms outside the advisor login (which has the Login events).' }),
  spec('Sign In Completed', [], { eVar17: 'userStatusLoginMethod' }, { description: 'Sign-in completed.' }),
  spec('Password Reset Started', [], { eVar14: 'processStepLabel' }, { description: 'Password reset flow started.' }),
  spec('Password Reset Completed', [], { eVar14: 'processStepLabel' }, { description: 'Password reset completed.' }),
  spec('Two-Factor Started', [], { eVar17: 'userStatusLoginMethod' }, { description: 'A second-factor challenge was shown.' }),
  spec('Two-Factor Completed', [], { eVar17: 'userStatusLoginMethod' }, { description: 'The second-factor challenge was passed.' }),
] as const satisfies readonly EventRow[];

export type Trigger = (typeof EVENT_ROWS)[number]['trigger'];

/** The row of a trigger (typed: a misspelt trigger does not compile). */
export function eventRow(trigger: Trigger): EventRow {
  return EVENT_ROWS.find((r) => r.trigger === trigger) as EventRow;
}

export const eventNumbersTable = viewTable({
  name: 'Analytics event numbers',
  description: 'Which analytics events each catalogue event (and each behaviour trigger) sends, with its variables (spec §9); read by rules/events/*',
  columns: ['trigger', 'events', 'hit', 'variables', 'source', 'when'],
  rows: EVENT_ROWS.map((r: EventRow) => ({
    trigger: r.trigger,
    events: r.events.map((e) => (r.value ? `${e}=«${r.value}»` : e)).join(', '),
    hit: LINK_WORDS.get(r.hit ?? 'o') ?? r.hit,
    variables: ['eVar22 = «pageName»', ...Object.entries(r.vars).map(([k, v]) => `${k} = «${v}»`)].join(', '),
    source: r.source,
    when: r.description,
  })),
});
