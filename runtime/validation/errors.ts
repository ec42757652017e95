// Validation errors as data. Both validators (the build-time ajv code and the run-time
// interpreter) produce ajv's error shape; this turns one into the kinds of spec §8.

/** One failed check, in ajv's shape (`instancePath` is a JSON pointer into the payload). */
export interface SchemaError {
  instancePath: string;
  keyword: string;
  params: Record<string, unknown>;
}

/** A validator: true when `data` is valid; on false, `errors` lists why. */
export interface Validator {
  (data: unknown): boolean;
  errors?: SchemaError[] | null;
}

/** One problem with a payload, in the words of spec §8. */
export interface PayloadIssue {
  kind: string;
  /** Dotted path of the offending field (`page.siteCountry`); empty for the payload itself. */
  path: string;
  detail: string;
}

const KINDS: Record<string, string> = {
  type: 'invalid type',
  enum: 'no enum match',
  const: 'no enum match',
  required: 'missing required property',
  minimum: 'value below minimum',
  exclusiveMinimum: 'value below minimum',
  maximum: 'value above maximum',
  exclusiveMaximum: 'value above maximum',
  minLength: 'string too short',
  maxLength: 'string too long',
  additionalProperties: 'additional properties not allowed',
  // tv4's "unknown property" (a field the schema does not declare): JSON Schema 2020-12 spells it unevaluatedProperties.
  unevaluatedProperties: 'unknown property',
  pattern: 'string does not match pattern',
  minItems: 'array too short',
  maxItems: 'array too long',
};

function dotted(pointer: string): string {
  return pointer
    .split('/')
    .slice(1)
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'))
    .join('.');
}

function show(value: unknown): string {
  try {
    return typeof value === 'string' ? value : JSON.stringify(value);
  } catch {
    return String(value);
  }
}

export function describeError(error: SchemaError): PayloadIssue {
  const p = error.params ?? {};
  let path = dotted(error.instancePath ?? '');
  let detail: string;
  switch (error.keyword) {
    case 'required':
      path = path ? `${path}.${show(p.missingProperty)}` : show(p.missingProperty);
      detail = 'is required';
      break;
    case 'additionalProperties':
    case 'unevaluatedProperties':
      path = path ? `${path}.${show(p.additionalProperty ?? p.unevaluatedProperty)}` : show(p.additionalProperty ?? p.unevaluatedProperty);
      detail = 'is not allowed';
      break;
    case 'type':
      detail = `should be ${show(p.type)}`;
      break;
    case 'enum':
      detail = `should be one of ${show(p.allowedValues)}`;
      break;
    case 'const':
      detail = `should be ${show(p.allowedValue)}`;
      break;
    case 'pattern':
      detail = `should match ${show(p.pattern)}`;
      break;
    default:
      detail = p.limit !== undefined ? `limit ${show(p.comparison ?? '')}${show(p.limit)}`.replace(/^limit $/, 'limit') : 'fails';
  }
  return { kind: KINDS[error.keyword] ?? error.keyword, path, detail };
}

/** `page.siteCountry: invalid type (should be string)` */
export function formatIssue(issue: PayloadIssue): string {
  return `${issue.path || '(payload)'}: ${issue.kind} (${issue.detail})`;
}
