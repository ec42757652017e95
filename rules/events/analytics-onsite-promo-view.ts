import { catalogueRule } from './lib/catalogue-rule';

export default catalogueRule('Onsite Promo View');
