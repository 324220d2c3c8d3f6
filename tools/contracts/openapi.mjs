// Checks requests and responses against a service's published OpenAPI 3.0 document (vendored under
// tools/contracts/<service>/): the stand-ins' answers and the clients' requests, both ways.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Ajv from 'ajv';

const here = dirname(fileURLToPath(import.meta.url));

/**
 * How each vendored contract's paths map to the real URLs: 1inch documents its paths for chain 1
 * (`/v6.0/1/quote`) and serves them as `/swap/v6.0/{chainId}/quote`.
 */
const SERVICES = {
  '1inch-swap': { toSpecPath: (pathname) => pathname.replace(/^\/swap\/v6\.0\/\d+(?=\/)/, '/v6.0/1') },
};

/** The contract of a vendored service: `checkRequest` and `checkResponse` list what breaks it (empty when nothing does). */
export function loadContract(service) {
  const mapping = SERVICES[service];
  if (!mapping) throw new Error(`no vendored contract "${service}" (known: ${Object.keys(SERVICES).join(', ')})`);
  return createContract(JSON.parse(readFileSync(join(here, service, 'openapi.json'), 'utf8')), mapping);
}

/** A checker over an OpenAPI 3.0 document; `toSpecPath` maps a request's pathname to the document's path. */
export function createContract(doc, { toSpecPath = (pathname) => pathname } = {}) {
  // OpenAPI's own keywords (example, x-…) are not JSON Schema's: ignored, not refused.
  const bodies = new Ajv({ strict: false, allErrors: true });
  const params = new Ajv({ strict: false, allErrors: true, coerceTypes: true });
  for (const ajv of [bodies, params]) ajv.addSchema(doc, 'contract');
  const resolve = (node) => (node?.$ref ? node.$ref.slice(2).split('/').reduce((at, key) => at?.[key], doc) : node);
  const describe = (errors) => (errors ?? []).map((e) => `${e.instancePath || '(body)'} ${e.message}`).join('; ');
  const operation = (method, url) => {
    const { pathname } = new URL(url, 'http://contract.invalid');
    const path = toSpecPath(pathname);
    return { path, op: doc.paths?.[path]?.[method.toLowerCase()] };
  };
  const pointer = (path, method, ...rest) => ['', 'paths', path, method.toLowerCase(), ...rest].map((key) => String(key).replaceAll('~', '~0').replaceAll('/', '~1')).join('/');
  // Validators of schemas inside the document, by JSON pointer (their $refs resolve there); a query
  // value is checked as a property, so that `coerceTypes` reads "1.5" as the number it stands for.
  const compiled = new Map();
  const validatorAt = (ajv, at, asProperty = false) => {
    const key = `${asProperty}${at}`;
    if (!compiled.has(key)) {
      const ref = { $ref: `contract#${at}` };
      compiled.set(key, ajv.compile(asProperty ? { type: 'object', properties: { value: ref } } : ref));
    }
    return compiled.get(key);
  };

  return {
    doc,
    /** What a request (method and URL with its query) does that the contract does not allow. */
    checkRequest({ method = 'GET', url }) {
      const { path, op } = operation(method, url);
      if (!op) return [`${method} ${path}: not in the contract`];
      const problems = [];
      const query = new URL(url, 'http://contract.invalid').searchParams;
      const declared = (op.parameters ?? []).map(resolve).filter((p) => p.in === 'query');
      for (const name of new Set(query.keys())) if (!declared.some((p) => p.name === name)) problems.push(`${path}: unknown query parameter "${name}"`);
      (op.parameters ?? []).forEach((raw, index) => {
        const parameter = resolve(raw);
        if (parameter.in !== 'query') return;
        const value = query.get(parameter.name);
        if (value === null) return void (parameter.required && problems.push(`${path}: required query parameter "${parameter.name}" missing`));
        if (!parameter.schema) return;
        const validate = validatorAt(params, raw.$ref ? `${raw.$ref.slice(1)}/schema` : pointer(path, method, 'parameters', index, 'schema'), true);
        if (!validate({ value })) problems.push(`${path}: query parameter "${parameter.name}"=${JSON.stringify(value)}: ${describe(validate.errors)}`);
      });
      return problems;
    },
    /** What a response (status and JSON body) has that the contract does not say for that request. */
    checkResponse({ method = 'GET', url, status, body }) {
      const { path, op } = operation(method, url);
      if (!op) return [`${method} ${path}: not in the contract`];
      const response = resolve(op.responses?.[String(status)] ?? op.responses?.default);
      if (!response) return [`${path}: status ${status} is not one the contract lists (${Object.keys(op.responses ?? {}).join(', ')})`];
      const media = response.content?.['application/json'];
      if (!media?.schema) return [];
      const validate = validatorAt(bodies, pointer(path, method, 'responses', op.responses[String(status)] ? status : 'default', 'content', 'application/json', 'schema'));
      return validate(body) ? [] : [`${path} ${status}: ${describe(validate.errors)}`];
    },
  };
}
