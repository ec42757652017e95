import { processStage } from '../../runtime/declare';
import { catalogueRule } from './lib/catalogue-rule';

// Multi-step process tracking (spec §4): the process condition records the stage, so it comes
// after the consent gate (catalogueRule puts it last).
export default catalogueRule('Login Started', { conditions: [processStage('login', 'start')] });
