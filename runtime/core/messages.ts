// Every warning and error the runtime prints, in one table: code -> text, `{0}`, `{1}` … its
// arguments in order. Code names the message in the source; builds with debug logging print
// the text, builds without (prod, internal) print `[tagc] <code>` and the arguments, and the text
// stays out of their bundle. The debug companion and `tagc simulate` turn such a line back into
// the text; docs/messages.md lists every code (`npm run docs:diagnostics`). A code's first letter is
// its kind: E an error and W a warning the runtime prints (getOffers also throws its argument
// problems, E36-E45, as an Error of that message), F the reason an action failed or a
// data-layer entry was dropped (an Error's message: `F1 500` in those builds, also inside an E
// line). A code is never reused for another text.

export enum Msg {
  // Start-up and the public API (runtime/core).
  NotAuthorised = 'E1',
  AlreadyLoaded = 'W1',
  Unexpected = 'E2',
  ListenFailed = 'E3',
  AfterStartFailed = 'E4',
  TrackWithoutName = 'E5',
  SatelliteIsLaunch = 'W2',
  ProjectFailed = 'E46',
  // The data layer (runtime/core/data-layer.ts).
  QueueTooLong = 'E6',
  NotAnArray = 'E7',
  InvalidPath = 'E8',
  CallbackFailed = 'E9',
  MissingEventName = 'E10',
  EntryDropped = 'E11',
  FailedBeforeEvent = 'E12',
  EntryFailed = 'E13',
  NotWrapped = 'W3',
  NotRead = 'W4',
  NotReplaceable = 'E14',
  Overwritten = 'E15',
  // Dispatch, data elements and the egress point (runtime/core).
  ActionFailed = 'E16',
  ConditionFailed = 'E17',
  DispatchFailed = 'E18',
  DataElementFailed = 'E19',
  CircularDataElement = 'E20',
  RequestRefused = 'W5',
  InvalidUrlRefused = 'W6',
  // Identity (runtime/identity); the texts are VisitorAPI's where it has one.
  MissingOrg = 'E21',
  InvalidServerState = 'E22',
  EuRejected = 'W7',
  UseGetInstance = 'E23',
  InvalidServiceId = 'W8',
  InvalidAudienceId = 'W9',
  InvalidCookieId = 'W10',
  // The A/B client (runtime/target, runtime/actions/targeting-page-load.ts).
  DeliveryDisabled = 'W11',
  NotOptedIn = 'W12',
  TrackEventFailed = 'W13',
  RenderingFailed = 'W14',
  PageLoadDisabled = 'W15',
  TargetingFailed = 'W16',
  TargetCallbackFailed = 'E24',
  ViewsDisabled = 'W17',
  TargetAlreadyLoaded = 'W18',
  // The A/B client's API arguments (runtime/target/options.ts), with the texts of spec §5.
  NoOptions = 'E36',
  NoMbox = 'E37',
  MboxTooLong = 'E38',
  NoSuccess = 'E39',
  NoError = 'E40',
  NoResponse = 'E41',
  NoRequest = 'E42',
  NoExecute = 'E43',
  NoViewName = 'E44',
  NoOffer = 'E45',
  // Scripts and the consent notice (runtime/actions).
  ScriptTimedOut = 'E25',
  ScriptFailed = 'E26',
  ScriptStartFailed = 'E27',
  NoticeFailed = 'E28',
  // Events and consent (runtime/events, runtime/consent).
  ClickTrackingFailed = 'E29',
  PromoClickFailed = 'E30',
  PromoViewFailed = 'E31',
  LinkClickFailed = 'E32',
  ConsentListenerFailed = 'E33',
  ConsentUpdateFailed = 'E34',
  ConsentUnreadable = 'W19',
  // Analytics (runtime/analytics).
  InvalidCurrency = 'W20',
  InvalidPurchaseId = 'W21',
  ContextDataTooLong = 'W22',
  InvalidEvent = 'W23',
  EventsTooLong = 'W24',
  HitFailed = 'E35',
  ProductWithoutId = 'W25',
  ProductsTooLong = 'W26',
  // Why an action failed (its Error's message; the actionFailed monitor event's `error`).
  ActionTimedOut = 'F1',
  BeaconNotSent = 'F2',
  NoReportSuite = 'F3',
  LinkWithoutName = 'F4',
  ScriptNotLoaded = 'F5',
  ScriptRefused = 'F6',
  InitMissing = 'F7',
  RequestRefusedFailure = 'F11',
  // Why a data-layer entry was dropped (runtime/core/merge.ts), inside E11.
  TooManyValues = 'F8',
  TookTooLong = 'F9',
  TooManyObjects = 'F10',
}

export const MESSAGES = {
  [Msg.NotAuthorised]: 'library not authorised for domain {0}',
  [Msg.AlreadyLoaded]: 'tagc is already loaded on this page; the second copy does nothing',
  [Msg.Unexpected]: 'Unexpected error: {0}',
  [Msg.ListenFailed]: 'Failed to listen for "{0}": {1}',
  [Msg.AfterStartFailed]: 'Unexpected error after start-up: {0}',
  [Msg.TrackWithoutName]: 'tagc.track needs an event name',
  [Msg.SatelliteIsLaunch]: "_satellite is Adobe Launch's on this page",
  [Msg.ProjectFailed]: 'Failed to make the project (its rules and data elements): {0}',

  [Msg.QueueTooLong]: '{0} has {1} entries waiting; the first {2} are read, the rest refused',
  [Msg.NotAnArray]: 'Data layer must be an Array',
  [Msg.InvalidPath]: 'Invalid path: {0}',
  [Msg.CallbackFailed]: 'Data layer callback error: {0}',
  [Msg.MissingEventName]: 'EVENT NAME VALIDATION FAILED: Missing event name',
  [Msg.EntryDropped]: 'Data layer entry dropped: {0}',
  [Msg.FailedBeforeEvent]: 'Unexpected error before "{0}": {1}',
  [Msg.EntryFailed]: 'Unexpected error while processing a data layer entry: {0}',
  [Msg.NotWrapped]: '{0} could not be wrapped; tagc took it over with a new array',
  [Msg.NotRead]: '{0} could not be read; tagc took it over with a new array',
  [Msg.NotReplaceable]: '{0} cannot be replaced; pushes to it are read by polling only',
  [Msg.Overwritten]: 'Management Functionality Severed... Data Layer has been overwritten!',

  [Msg.ActionFailed]: 'Failed to execute "{0}" for "{1}" rule: {2}',
  [Msg.ConditionFailed]: 'Failed to evaluate "{0}" condition for "{1}" rule: {2}',
  [Msg.DispatchFailed]: 'Unexpected error while dispatching "{0}": {1}',
  [Msg.DataElementFailed]: 'Failed to read data element "{0}": {1}',
  [Msg.CircularDataElement]: 'Circular data element reference detected for "{0}": nesting is deeper than {1}',
  [Msg.RequestRefused]: 'Request refused ({0}): {1} {2} to {3}',
  [Msg.InvalidUrlRefused]: 'Request refused ({0}): {1} {2} to an invalid or non-http(s) URL',

  [Msg.MissingOrg]: 'Visitor requires Adobe Marketing Cloud Org ID.',
  [Msg.InvalidServerState]: '`serverState` has an invalid format.',
  [Msg.EuRejected]: 'EU compliance not acknowledged: tracking rejected',
  [Msg.UseGetInstance]: 'Please use `Visitor.getInstance` to instantiate Visitor.',
  [Msg.InvalidServiceId]: 'Ignored an invalid visitor id from the identity service',
  [Msg.InvalidAudienceId]: 'Ignored an invalid audience-management id from the identity service',
  [Msg.InvalidCookieId]: 'Ignored an invalid visitor id in the identity cookie',

  [Msg.DeliveryDisabled]: '{0}: content delivery is disabled (cookies cannot be saved, or {1} is set)',
  [Msg.NotOptedIn]: '{0}: not opted in',
  [Msg.TrackEventFailed]: 'Track event request failed: {0}',
  [Msg.RenderingFailed]: 'rendering failed for "{0}": {1}',
  [Msg.PageLoadDisabled]: 'Page load disabled',
  [Msg.TargetingFailed]: 'targeting request failed: {0}',
  [Msg.TargetCallbackFailed]: 'callback error: {0}',
  [Msg.ViewsDisabled]: 'Views are not enabled',
  [Msg.TargetAlreadyLoaded]: 'A/B testing library already initialized on this page; the container leaves it in place',
  [Msg.NoOptions]: 'options argument is required',
  [Msg.NoMbox]: 'mbox option is required',
  [Msg.MboxTooLong]: 'mbox option is too long',
  [Msg.NoSuccess]: 'success option is required',
  [Msg.NoError]: 'error option is required',
  [Msg.NoResponse]: 'response option is required',
  [Msg.NoRequest]: 'request option is required',
  [Msg.NoExecute]: 'execute or prefetch is required',
  [Msg.NoViewName]: 'view name must be a non-empty string',
  [Msg.NoOffer]: 'offer option is required',

  [Msg.ScriptTimedOut]: 'Failed to load the {0} script {1}: timed out after {2} ms',
  [Msg.ScriptFailed]: 'Failed to load the {0} script: {1}',
  [Msg.ScriptStartFailed]: 'Failed to start the {0} script: {1}',
  [Msg.NoticeFailed]: 'Failed to load the consent notice {0}',

  [Msg.ClickTrackingFailed]: 'Click tracking for "{0}" failed: {1}',
  [Msg.PromoClickFailed]: 'Promotion click tracking failed: {0}',
  [Msg.PromoViewFailed]: 'Promotion view tracking failed: {0}',
  [Msg.LinkClickFailed]: 'Link click tracking failed: {0}',
  [Msg.ConsentListenerFailed]: 'Consent listener failed: {0}',
  [Msg.ConsentUpdateFailed]: 'Consent update failed: {0}',
  [Msg.ConsentUnreadable]: 'Cannot read {0} consent: {1}',

  [Msg.InvalidCurrency]: 'Analytics currency code "{0}" is invalid; {1} was sent',
  [Msg.InvalidPurchaseId]: 'Analytics purchaseID "{0}" is not 1-20 letters or digits and was not sent',
  [Msg.ContextDataTooLong]: 'Analytics context data exceeds {0} bytes; "{1}" and later keys were not sent',
  [Msg.InvalidEvent]: 'Analytics event "{0}" is not a valid event and was not sent',
  [Msg.EventsTooLong]: 'Analytics events exceed {0} bytes; "{1}" and later events were not sent',
  [Msg.HitFailed]: 'Analytics hit could not be sent: {0}',
  [Msg.ProductWithoutId]: 'Analytics product without an id was not sent',
  [Msg.ProductsTooLong]: 'Analytics products exceed {0} bytes; later products were not sent',

  [Msg.ActionTimedOut]: 'Action timed out after {0} ms',
  [Msg.BeaconNotSent]: 'beacon not sent',
  [Msg.NoReportSuite]: 'no reporting suite',
  [Msg.LinkWithoutName]: 'the link hit has no name',
  [Msg.ScriptNotLoaded]: 'script {0} failed to load',
  [Msg.ScriptRefused]: 'script {0} was refused',
  [Msg.InitMissing]: '{0}.{1} is not available after load',
  [Msg.RequestRefusedFailure]: 'request refused',
  [Msg.TooManyValues]: 'more than {0} values',
  [Msg.TookTooLong]: 'took over {0} ms',
  [Msg.TooManyObjects]: 'more than {0} nested objects',
} as const satisfies Record<Msg, string>;

/** A message argument: printed as is, so a value the page gave is quoted by the caller (JSON). */
export type MessageArg = string | number;

/** One argument per `{n}` of the text (the type counts them, so a call cannot miss one). */
type ArgsOf<T extends string> = T extends `${string}{${number}}${infer Rest}` ? [MessageArg, ...ArgsOf<Rest>] : [];

export type MessageArgs<C extends Msg> = ArgsOf<(typeof MESSAGES)[C]>;

/** Whether `code` is a message code of this table. */
export function isMessageCode(code: string): code is Msg {
  return Object.hasOwn(MESSAGES, code);
}

/** The text of a message with its arguments in place (an argument that is a coded failure as its text). */
export function messageText(code: Msg, args: readonly unknown[]): string {
  return MESSAGES[code].replace(/\{(\d+)\}/g, (_, i: string) => {
    const arg = args[Number(i)];
    return typeof arg === 'string' ? failureText(arg) : String(arg);
  });
}

/**
 * A failure's message as the builds with debug logging give it: `F5 https://x/y.js` (code and
 * arguments, space-separated; the last argument takes the rest) -> `script https://x/y.js failed
 * to load`. Any other text unchanged.
 */
export function failureText(message: string): string {
  const [, code, rest] = /^(F\d+)(?: ([^]*))?$/.exec(message) ?? [];
  if (!code || !isMessageCode(code)) return message;
  const count = (MESSAGES[code].match(/\{\d+\}/g) ?? []).length;
  const parts = rest === undefined ? [] : rest.split(' ');
  const args = count ? [...parts.slice(0, count - 1), parts.slice(count - 1).join(' ')] : [];
  return parts.length < count || (!count && rest !== undefined) ? message : messageText(code, args);
}

/**
 * A console line of a build without debug logging (`[tagc] E19`, then the arguments) as the
 * builds with debug logging print it; any other line unchanged.
 */
export function expandLine(args: unknown[]): unknown[] {
  const code = typeof args[0] === 'string' ? /^\[tagc\] ([EW]\d+)$/.exec(args[0])?.[1] : undefined;
  return code && isMessageCode(code) ? [`[tagc] ${messageText(code, args.slice(1))}`] : args;
}
