import { catalogueRule } from './lib/catalogue-rule';

export default catalogueRule('Global Navigation Click');
