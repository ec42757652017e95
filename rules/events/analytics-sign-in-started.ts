import { catalogueRule } from './lib/catalogue-rule';

export default catalogueRule('Sign In Started');
