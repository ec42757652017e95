import { catalogueRule } from './lib/catalogue-rule';

export default catalogueRule('User Signed Out');
