import { catalogueRule } from './lib/catalogue-rule';

export default catalogueRule('CTA Clicked');

// rules/lib is not loaded as declarations: the event-number table is shown from here.
export { eventNumbersTable } from '../lib/event-numbers';
