import { consentMatrix } from '../../helpers/consent-matrix';

consentMatrix('test');
