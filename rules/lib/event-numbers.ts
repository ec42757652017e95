import { viewTable } from '../../runtime/declare';
import type { DataElementName } from '../../runtime/declare/types';

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

export type HitType = 'page view' | 'link' | 'download link' | 'exit link' | 'none';

export interface EventRow {
  /** A catalogue event, or (in brackets) a behaviour's own trigger. */
  readonly trigger: string;
  /** AppMeasurement events sent, e.g. event61; a numeric event's value is named in `value`. */
  readonly events: readonly string[];
  /** For a numeric event: the data element whose number (seconds) becomes `eventN=value`. */
  readonly value?: DataElementName;
  /**
   * Its events are sent by other catalogue events too, on purpose: event9 is every process's
   * middle step (spec §4), event105 the seconds played of media and podcasts (spec §9). Without
   * it, the compiler rejects a number two events send.
   */
  readonly shared?: true;
  readonly hit: HitType;
  /** AppMeasurement variable -> data element. */
  readonly vars: Readonly<Record<string, DataElementName>>;
  readonly source: 'spec §9' | 'mapped here' | 'none';
  readonly when: string;
}

const link = (trigger: string, events: string[], source: EventRow['source'], vars: EventRow['vars'], when: string, hit: HitType = 'link'): EventRow => ({
  trigger,
  events,
  hit,
  vars,
  source: events.length ? source : 'none',
  when,
});

const PROCESS_VARS = { eVar13: 'toolId', eVar14: 'processStepLabel', eVar19: 'selfserviceActivityName' } as const;
const LOGIN_VARS = { eVar14: 'processStepLabel', eVar17: 'userStatusLoginMethod' } as const;
const MEDIA_VARS = { eVar15: 'multiMediaName', eVar17: 'multiMediaType' } as const;
const PROMO_VARS = { eVar11: 'promoName', eVar18: 'productIds' } as const;

export const EVENT_ROWS = [
  { trigger: 'Page Load Started', events: [], hit: 'none', vars: {}, source: 'none', when: 'Sets the page context only; it travels with the page view of Page Load Completed (rules/analytics-page-view.ts).' },
  { trigger: 'Page Load Completed', events: [], hit: 'page view', vars: {}, source: 'none', when: 'The page view (rules/analytics-page-view.ts, owned by the page rules).' },

  link('Login Started', ['event2'], 'spec §9', LOGIN_VARS, 'The login process starts; a duplicate start (process already running) is not counted.'),
  { ...link('Login Step', ['event9'], 'spec §9', LOGIN_VARS, 'A new step of a running login process; a repeated step or a step without a start is not counted.'), shared: true },
  link('Login Complete', ['event3'], 'spec §9', LOGIN_VARS, 'The login process completes with its last step; its recorded steps are cleared.'),
  link('Login Failure', ['event4'], 'spec §9', LOGIN_VARS, 'Every failed login attempt.'),
  link('Login Lockout', ['event5'], 'mapped here', LOGIN_VARS, 'The account was locked (the failure that follows event4s).'),
  link('Self Service Started · self-service', ['event10'], 'spec §9', PROCESS_VARS, 'A self-service process (no tool.toolId) starts; duplicates not counted; SessionSettings empty or "hit": not tracked.'),
  link('Self Service Started · tool', ['event6'], 'spec §9', PROCESS_VARS, 'A tool process (tool.toolId set) starts; duplicates not counted; SessionSettings empty or "hit": not tracked.'),
  { ...link('Self Service Started · step', ['event9'], 'spec §9', PROCESS_VARS, 'tool.processStep true: a new middle step of a running tool or self-service process.'), shared: true },
  link('Self Service Completed · self-service', ['event11'], 'spec §9', PROCESS_VARS, 'A self-service process completes with its last step; its steps are cleared.'),
  link('Self Service Completed · tool', ['event7'], 'spec §9', PROCESS_VARS, 'A tool process completes with its last step; its steps are cleared.'),
  link('Account Activity', [], 'none', { eVar19: 'selfserviceActivityName' }, 'An account self-service activity.'),
  link('Abandonment', ['event65'], 'spec §9', { eVar13: 'processStepLabel', eVar14: 'abandonmentLastTouchField', eVar19: 'abandonmentUserInputFields' }, 'A tracked form left without submitting; sent with sendBeacon while the page hides.'),
  link('Error Message Presented', ['event66'], 'spec §9', { eVar14: 'processStepLabel', eVar18: 'formFieldError' }, 'A form error was shown.'),

  link('CTA Clicked', ['event61'], 'spec §9', { eVar11: 'customLinkName', eVar12: 'linkPosition', eVar18: 'linkId' }, 'A call to action (pushed by the page, or by click tracking for data-ea-cta-link).'),
  link('Article Click', ['event14'], 'spec §9', { eVar15: 'contentTitle', eVar17: 'contentType', eVar12: 'contentCategory', eVar14: 'contentAction' }, 'An article link was clicked.'),
  link('Content Downloads', ['event12'], 'spec §9', { eVar11: 'downloadFilename', eVar18: 'downloadFileLitCode', eVar19: 'downloadsLitCode' }, 'A document download (pushed by the page, or by click tracking for downloads).', 'download link'),
  link('Content Loaded', [], 'none', { eVar15: 'contentTitle' }, 'A piece of content was shown.'),
  link('Content Share', ['event26'], 'mapped here', { eVar14: 'socialShareMethod', eVar15: 'contentTitle' }, 'Content was shared.'),
  link('Global Navigation Click', ['event34'], 'mapped here', { eVar11: 'customLinkName', eVar12: 'navigationPath', eVar19: 'siteSwitcherName' }, 'A global navigation link was clicked.'),
  link('Modal Load', ['event52'], 'mapped here', { eVar11: 'customLinkName' }, 'A modal dialog opened.'),
  link('Newsletter SignUp Started', [], 'none', { eVar11: 'customLinkName', eVar17: 'subscriptionType' }, 'A newsletter sign-up began.'),
  link('Newsletter SignUp Completed', ['event25'], 'spec §9', { eVar11: 'customLinkName', eVar17: 'subscriptionType' }, 'A newsletter sign-up completed.'),
  link('Hover', ['event67'], 'spec §9', { eVar11: 'hoverLinkName' }, 'A tracked element was hovered.'),
  link('Logout', ['event69'], 'spec §9', {}, 'The visitor logged out.'),
  link('User Signed Out', [], 'none', {}, 'The session ended on the server side (not a visitor action, so not event69).'),
  link('Poll Vote', ['event104'], 'spec §9', { eVar14: 'toolPollAnswer', eVar18: 'surveyModuleID' }, 'A poll was answered.'),
  link('Tool Create PDF', [], 'none', { eVar13: 'toolId' }, 'A tool produced a PDF.'),

  link('Fund Additions', ['event54', 'scAdd'], 'mapped here', { eVar13: 'toolId', eVar18: 'productIds' }, 'Funds added to a tool (comparison, list); also the commerce scAdd.'),
  link('Fund Removed', ['event58', 'scRemove'], 'mapped here', { eVar13: 'toolId', eVar18: 'productIds' }, 'Funds removed from a tool; also the commerce scRemove.'),
  link('Cart Item Added', ['scAdd'], 'mapped here', { eVar18: 'productIds' }, 'Commerce event of protocols.md.'),
  link('Cart Item Removed', ['scRemove'], 'mapped here', { eVar18: 'productIds' }, 'Commerce event of protocols.md.'),
  link('Cart Viewed', ['scView'], 'mapped here', { eVar18: 'productIds' }, 'Commerce event of protocols.md.'),
  link('Onsite Promo Click', ['event130'], 'mapped here', PROMO_VARS, 'A promotion was clicked (its link waits 500 ms).'),
  link('Onsite Promo View', [], 'none', PROMO_VARS, 'A promotion entered the viewport for the first time.'),

  link('Search Performed', ['event18'], 'mapped here', { eVar16: 'searchTerm', eVar17: 'onsiteSearchNumResults', eVar12: 'onsiteSearchFilterName', eVar19: 'onsiteSearchCategoryFilterName' }, 'A site search ran.'),
  link('Onsite Search Succeeded', [], 'none', { eVar16: 'searchTerm', eVar17: 'searchNumResults' }, 'A search returned results (counted by Search Performed).'),
  link('Onsite Search Failed', [], 'none', { eVar16: 'searchTerm' }, 'A search returned nothing.'),

  link('Multi-Media Started', ['event8'], 'mapped here', MEDIA_VARS, 'A video or audio started.'),
  link('Multi-Media Reached 25%', ['event27'], 'mapped here', MEDIA_VARS, 'A quarter played.'),
  link('Multi-Media Reached 50%', ['event28'], 'mapped here', MEDIA_VARS, 'Half played.'),
  link('Multi-Media Reached 75%', ['event29'], 'spec §9', MEDIA_VARS, 'Three quarters played.'),
  link('Multi-Media Completed', ['event30'], 'mapped here', MEDIA_VARS, 'Played to the end.'),
  link('Multi-Media Chapter Click', ['event106'], 'spec §9', { ...MEDIA_VARS, eVar14: 'multiMediaChapterName' }, 'A chapter was chosen.'),
  { ...link('Multi-Media Play Time', ['event105'], 'spec §9', MEDIA_VARS, 'Seconds played, as the numeric event105=<seconds>.'), value: 'multiMediaPlaytime', shared: true },
  { ...link('Podcast Play Time', ['event105'], 'spec §9', MEDIA_VARS, 'Seconds of a podcast played, as the numeric event105=<seconds>.'), value: 'multiMediaPlaytime', shared: true },

  link('Page Heartbeat', [], 'none', { eVar11: 'heartbeatPageName' }, 'Every 30 s while the page is visible (rules/events/page-heartbeat-push.ts pushes it).'),
  link('Page Scroll', [], 'none', { eVar17: 'scrollPagePercentage' }, 'The page was scrolled to 25, 50, 75 and 100% (rules/events/page-scroll-push.ts pushes it).'),
  link('[30 seconds on page]', ['event103'], 'mapped here', {}, 'Once per page after 30 s: an engaged page view (rules/events/analytics-time-on-page.ts).'),
  link('[exit link click]', [], 'none', {}, 'Click tracking: a link leaving the firm\'s domains (data-ea-exit-link or by host); sent as an exit link with sendBeacon.', 'exit link'),
  link('[UI link click]', [], 'none', {}, 'Click tracking: an element marked data-ea-ui-link; the link name is its text.'),

  link('Sign In Started', [], 'none', { eVar17: 'userStatusLoginMethod' }, 'Sign-in forms outside the advisor login (which has the Login events).'),
  link('Sign In Completed', [], 'none', { eVar17: 'userStatusLoginMethod' }, 'Sign-in completed.'),
  link('Password Reset Started', [], 'none', { eVar14: 'processStepLabel' }, 'Password reset flow started.'),
  link('Password Reset Completed', [], 'none', { eVar14: 'processStepLabel' }, 'Password reset completed.'),
  link('Two-Factor Started', [], 'none', { eVar17: 'userStatusLoginMethod' }, 'A second-factor challenge was shown.'),
  link('Two-Factor Completed', [], 'none', { eVar17: 'userStatusLoginMethod' }, 'The second-factor challenge was passed.'),
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
    hit: r.hit,
    variables: ['eVar22 = «pageName»', ...Object.entries(r.vars).map(([k, v]) => `${k} = «${v}»`)].join(', '),
    source: r.source,
    when: r.when,
  })),
});
