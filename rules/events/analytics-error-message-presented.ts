import { catalogueRule } from './lib/catalogue-rule';

export default catalogueRule('Error Message Presented');
