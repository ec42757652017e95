import { catalogueRule } from './lib/catalogue-rule';

export default catalogueRule('Content Downloads');
