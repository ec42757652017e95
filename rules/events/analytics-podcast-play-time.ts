import { catalogueRule } from './lib/catalogue-rule';

export default catalogueRule('Podcast Play Time');
