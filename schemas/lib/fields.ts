// Building blocks of the event schemas: the data-layer groups of spec §3 ("Data layer fields
// read"), written once so that every event that carries a group declares it the same way.
// Each builder returns plain JSON Schema (draft-07); nothing here runs in the browser.

export type JsonSchema = Record<string, unknown>;

export const str = (description?: string): JsonSchema => ({ type: 'string', ...(description ? { description } : {}) });
export const num = (description?: string): JsonSchema => ({ type: 'number', ...(description ? { description } : {}) });
export const bool = (description?: string): JsonSchema => ({ type: 'boolean', ...(description ? { description } : {}) });

/** An object with the given properties, of which `required` must be present. Other keys are allowed. */
export function obj(properties: Record<string, JsonSchema>, required: readonly string[] = [], description?: string): JsonSchema {
  return {
    type: 'object',
    ...(description ? { description } : {}),
    properties,
    ...(required.length ? { required: [...required] } : {}),
  };
}

/** Every listed field a string; `required` names those that must be present. */
export function strings(fields: readonly string[], required: readonly string[] = [], description?: string): JsonSchema {
  return obj(Object.fromEntries(fields.map((f) => [f, str()])), required, description);
}

/**
 * The payload of one event: `event` is the event's name; `example` is a payload that must
 * validate (tests/schemas check it; the schema service documents carry it as `examples`).
 */
export function payload(event: string, properties: Record<string, JsonSchema>, required: readonly string[], example: Record<string, unknown>): JsonSchema {
  return {
    type: 'object',
    properties: { event: { const: event }, ...properties },
    required: ['event', ...required],
    examples: [{ event, ...example }],
  };
}

// ---- groups (spec §3) ----

const PAGE_REQUIRED = ['baseURL', 'channel', 'pageName', 'siteCountry', 'webPageType', 'siteAudience', 'siteLanguage', 'siteSection1', 'siteSection2', 'siteSection3', 'siteSection4', 'navigationPath'] as const;

/** Page Load Started's page: spec §3 required fields, §5 formats. */
export const page = obj(
  {
    baseURL: { type: 'string', pattern: '^https?://[^/?#&=\\s]+(/[^?#&=\\s]*)?$', description: 'http(s) URL without query characters (? # & =)' },
    channel: str(),
    pageName: str(),
    siteCountry: { type: 'string', pattern: '^[A-Za-z]{2}$', description: 'two letters' },
    webPageType: str(),
    siteAudience: str(),
    siteLanguage: { type: 'string', pattern: '^[a-z]{2}(-[A-Za-z]{2})?$', description: 'two lower-case letters, optionally a hyphen and two more (en, en-us, fr-CA)' },
    siteSection1: str(),
    siteSection2: str(),
    siteSection3: str(),
    siteSection4: str(),
    navigationPath: str(),
    workfrontID: str(),
    AAMURLCookieID: str(),
    advisorID: str('read by the container (§3); not in the event entry, so optional'),
  },
  PAGE_REQUIRED,
);

const USER_REQUIRED = ['planId', 'partyId', 'userRole', 'visionId', 'advisorId', 'pcsSfmcId', 'dealerCode', 'investorId', 'tracSponsorId', 'personaSegment', 'institutionalID', 'investorPartyId', 'planParticipantId', 'institutionalPartyId'] as const;
const USER_OPTIONAL = ['planICU', 'planType', 'toolPartyId', 'userInitials', 'loginMethod'] as const;

/** Page Load Started's user: every id a string (empty when unknown). loginMethod is read (§3) but not listed by the event, so optional. */
export const user = strings([...USER_REQUIRED, ...USER_OPTIONAL], USER_REQUIRED);

export const userStatus = strings(['loginMethod', 'siteLoginStatus']);

/** The multi-step process fields (§3: strings). */
export const process = strings(['processStepLabel', 'processStepValue', 'settingUsed']);

export const selfservice = (required: readonly string[] = []) => strings(['ActivityName', 'SessionSettings'], required);

/** tool: processStep is a boolean in Self Service Starts/Completes (§3). */
export const tool = (required: readonly string[] = []) =>
  obj(
    {
      toolId: str(),
      pollAnswer: str(),
      SessionSettings: str('empty or "hit" means no tool or self-service tracking (§4)'),
      selfServiceActivityName: str(),
      applicationFilters: str(),
      settingUsed: str(),
      processStepLabel: str(),
      processStepValue: str(),
      processStep: bool(),
    },
    required,
  );

export const content = (required: readonly string[] = []) => strings(['contentTitle', 'contentType', 'contentCategory', 'contentAction'], required);

export const linkInfo = (required: readonly string[] = []) => strings(['linkId', 'linkPosition', 'customLinkName'], required);

/** The product list (§3, §5): at least one item, each with productInfo.productID and an integer quantity ≥ 1. */
export const product = {
  type: 'array',
  minItems: 1,
  items: obj(
    {
      productInfo: strings(['productID'], ['productID']),
      quantity: { type: 'integer', minimum: 1 },
    },
    ['productInfo', 'quantity'],
  ),
};

/** search.keyword is an object of searchTerm and searchType; numResults is a count (the spec gives no type: a number ≥ 0 here). */
export const search = (required: readonly string[] = []) =>
  obj(
    {
      numResults: { type: 'number', minimum: 0 },
      keyword: strings(['searchTerm', 'searchType']),
    },
    required,
  );

/** onsiteSearch: numResults is a string (§3). */
export const onsiteSearch = strings(['filterName', 'categoryFilterName', 'litCenterSearchTerm', 'numResults', 'keyword'], ['filterName', 'litCenterSearchTerm', 'numResults', 'keyword']);

/** MultiMedia: Playtime is a number of seconds (§3, §9). */
export const multiMedia = (required: readonly string[] = []) =>
  obj({ MultiMediaName: str(), MultiMediaType: str(), chapterName: str(), Playtime: { type: 'number', minimum: 0 } }, required);

/** video: videoPlaytime a number, startTime a string (§3). */
export const video = obj({ videoName: str(), videoPlaytime: { type: 'number', minimum: 0 }, chapterClicked: str(), startTime: str() });

export const download = strings(['filename', 'filelitcode'], [], 'the downloaded document');
export const downloads = strings(['litCode']);
export const abandonment = obj(
  {
    lasttouchfield: str('name of the last field touched'),
    userinputfields: { type: 'string', pattern: '^[^|]+(\\|[^|]+)*$', description: 'names of the touched fields joined by a vertical bar; never their values' },
  },
  ['lasttouchfield', 'userinputfields'],
);
export const social = strings(['shareMethod'], ['shareMethod']);
export const hover = strings(['hoverLinkName'], ['hoverLinkName']);
export const promotion = strings(['promoName'], ['promoName']);
export const navigation = strings(['siteSwitcherName']);
export const subscription = strings(['subscriptionType']);
export const scroll = obj({ pagePercentage: { type: 'number', minimum: 0, maximum: 100 } }, ['pagePercentage'], 'share of the page scrolled, in percent (the spec gives no type: a number 0-100 here)');
export const heartbeat = strings(['30secondspagename'], ['30secondspagename']);
export const survey = strings(['surveyModuleID', 'surveyUserID']);
export const webinar = strings(['contactID']);
