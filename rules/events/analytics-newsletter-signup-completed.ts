import { catalogueRule } from './lib/catalogue-rule';

export default catalogueRule('Newsletter SignUp Completed');
