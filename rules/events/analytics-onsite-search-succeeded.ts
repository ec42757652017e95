import { catalogueRule } from './lib/catalogue-rule';

export default catalogueRule('Onsite Search Succeeded');
