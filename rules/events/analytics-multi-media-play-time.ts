import { catalogueRule } from './lib/catalogue-rule';

export default catalogueRule('Multi-Media Play Time');
