import { consentMatrix } from '../../helpers/consent-matrix';

consentMatrix('prod');
