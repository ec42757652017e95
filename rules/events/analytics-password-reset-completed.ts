import { catalogueRule } from './lib/catalogue-rule';

export default catalogueRule('Password Reset Completed');
