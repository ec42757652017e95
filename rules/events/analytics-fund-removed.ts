import { catalogueRule } from './lib/catalogue-rule';

export default catalogueRule('Fund Removed');
