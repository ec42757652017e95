import { computed, dataLayerValue } from '../runtime/declare';
import { isPlainObject } from '../runtime/core/merge';

// The remaining data-layer groups of spec §3: survey, webinar, downloads, media, links and
// navigation, promotions, scroll, heartbeat, form errors, subscriptions, abandonment and the
// product list.

export const surveyModuleID = dataLayerValue<string>('survey.surveyModuleID', { description: 'survey.surveyModuleID' });
export const surveyUserID = dataLayerValue<string>('survey.surveyUserID', { description: 'survey.surveyUserID' });
export const webinarContactID = dataLayerValue<string>('webinar.contactID', { description: 'webinar.contactID' });

export const downloadFilename = dataLayerValue<string>('download.filename', { description: 'download.filename' });
export const downloadFileLitCode = dataLayerValue<string>('download.filelitcode', { description: 'download.filelitcode' });
export const downloadsLitCode = dataLayerValue<string>('downloads.litCode', { description: 'downloads.litCode' });

export const multiMediaName = dataLayerValue<string>('MultiMedia.MultiMediaName', { description: 'MultiMedia.MultiMediaName' });
export const multiMediaType = dataLayerValue<string>('MultiMedia.MultiMediaType', { description: 'MultiMedia.MultiMediaType' });
export const multiMediaChapterName = dataLayerValue<string>('MultiMedia.chapterName', { description: 'MultiMedia.chapterName' });
export const multiMediaPlaytime = dataLayerValue<number>('MultiMedia.Playtime', { description: 'MultiMedia.Playtime (a number of seconds)' });
export const videoName = dataLayerValue<string>('video.videoName', { description: 'video.videoName' });
export const videoPlaytime = dataLayerValue<number>('video.videoPlaytime', { description: 'video.videoPlaytime (a number)' });
export const videoChapterClicked = dataLayerValue<string>('video.chapterClicked', { description: 'video.chapterClicked' });
export const videoStartTime = dataLayerValue<string>('video.startTime', { description: 'video.startTime (a string)' });

export const linkId = dataLayerValue<string>('linkInfo.linkId', { description: 'linkInfo.linkId' });
export const linkPosition = dataLayerValue<string>('linkInfo.linkPosition', { description: 'linkInfo.linkPosition' });
export const customLinkName = dataLayerValue<string>('linkInfo.customLinkName', { description: 'linkInfo.customLinkName', clean: true });
export const hoverLinkName = dataLayerValue<string>('hover.hoverLinkName', { description: 'hover.hoverLinkName', clean: true });
export const socialShareMethod = dataLayerValue<string>('social.shareMethod', { description: 'social.shareMethod' });
export const siteSwitcherName = dataLayerValue<string>('navigation.siteSwitcherName', { description: 'navigation.siteSwitcherName' });
export const promoName = dataLayerValue<string>('promotion.promoName', { description: 'promotion.promoName' });
export const scrollPagePercentage = dataLayerValue<number>('scroll.pagePercentage', { description: 'scroll.pagePercentage (0-100)' });
export const heartbeatPageName = dataLayerValue<string>('heartbeat.30secondspagename', { description: 'heartbeat.30secondspagename' });
export const formFieldError = dataLayerValue<string>('formFieldError', { description: 'formFieldError (the error shown, Error Message Presented)' });
export const subscriptionType = dataLayerValue<string>('subscription.subscriptionType', { description: 'subscription.subscriptionType' });

export const abandonmentLastTouchField = dataLayerValue<string>('abandonment.lasttouchfield', { description: 'abandonment.lasttouchfield' });
export const abandonmentUserInputFields = dataLayerValue<string>('abandonment.userinputfields', { description: 'abandonment.userinputfields (field names joined by |)' });

export interface ProductItem {
  productInfo: { productID: string };
  quantity: number;
}

/** A well-formed item: productInfo.productID a non-empty string, quantity an integer ≥ 1 (Number.isInteger is false for anything but a number). */
function wellFormed(item: unknown): item is ProductItem {
  return isPlainObject(item) && isPlainObject(item.productInfo) && typeof item.productInfo.productID === 'string' && !!item.productInfo.productID && Number.isInteger(item.quantity) && (item.quantity as number) >= 1;
}

/** Keeps the well-formed items only, each as productInfo.productID and quantity. */
export function productItems(value: unknown): ProductItem[] | undefined {
  const items = Array.isArray(value) ? value.filter(wellFormed).map((i) => ({ productInfo: { productID: i.productInfo.productID }, quantity: i.quantity })) : [];
  return items.length ? items : undefined;
}

export const productList = computed<ProductItem[]>(({ state }) => productItems(state.product), {
  description: 'The product list (data layer `product`): well-formed items only (productInfo.productID, integer quantity ≥ 1)',
});

export const productIds = computed<string>(({ state }) => (Array.isArray(state.product) && state.product.filter(wellFormed).map((i) => i.productInfo.productID).join(',')) || undefined, {
  description: 'The product list ids joined by commas',
});
