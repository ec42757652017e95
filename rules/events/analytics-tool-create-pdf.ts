import { catalogueRule } from './lib/catalogue-rule';

export default catalogueRule('Tool Create PDF');
