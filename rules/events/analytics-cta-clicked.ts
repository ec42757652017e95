import { catalogueRule } from './lib/catalogue-rule';

export default catalogueRule('CTA Clicked');
