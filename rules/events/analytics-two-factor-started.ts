import { catalogueRule } from './lib/catalogue-rule';

export default catalogueRule('Two-Factor Started');
