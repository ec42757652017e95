import { catalogueRule } from './lib/catalogue-rule';

export default catalogueRule('Multi-Media Chapter Click');
