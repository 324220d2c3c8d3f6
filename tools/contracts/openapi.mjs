// Checks requests and responses against a service's published OpenAPI 3.0 document (vendored under
// tools/contracts/<service>/): the stand-ins' answers and the clients' requests, both ways.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Ajv from 'ajv';
import Ajv2020 from 'ajv/dist/2020.js';

const here = dirname(fileURLToPath(import.meta.url));

/**
 * How each vendored contract's paths map to the real URLs: 1inch documents its paths for chain 1
 * (`/v6.0/1/quote`) and serves them as `/swap/v6.0/{chainId}/quote`; Etherscan serves every
 * operation at `/v2/api`, told apart by its `module` and `action` (`/v2/api#account.txlist`).
 */
const SERVICES = {
  '1inch-swap': { toSpecPath: (pathname) => pathname.replace(/^\/swap\/v6\.0\/\d+(?=\/)/, '/v6.0/1') },
  etherscan: { toSpecPath: (pathname, url) => (pathname === '/v2/api' ? `${pathname}#${url.searchParams.get('module')}.${url.searchParams.get('action')}` : pathname) },
  // Esplora's paths are the API's own; public instances serve them under `/api` (blockstream.info/api, blockstream.info/testnet/api).
  esplora: { toSpecPath: (pathname) => pathname.replace(/^(?:\/[a-z0-9]+)?\/api(?=\/)/, '') },
  // Coinbase Onramp and Meld: their paths as they serve them.
  'coinbase-onramp': {},
  meld: {},
  // The social providers' user APIs, at their real hosts or under the OpenID stand-in's `/<provider>`;
  // Discord documents its paths under `https://discord.com/api/v10` and serves them at `/api` too.
  github: { toSpecPath: (pathname) => pathname.replace(/^\/github(?=\/)/, '') },
  discord: { toSpecPath: (pathname) => pathname.replace(/^\/discord(?=\/)/, '').replace(/^\/api(?:\/v\d+)?(?=\/)/, '') },
  x: { toSpecPath: (pathname) => pathname.replace(/^\/x(?=\/)/, '') },
};

/** The contract of a vendored service: `checkRequest` and `checkResponse` list what breaks it (empty when nothing does). */
export function loadContract(service) {
  const mapping = SERVICES[service];
  if (!mapping) throw new Error(`no vendored contract "${service}" (known: ${Object.keys(SERVICES).join(', ')})`);
  return createContract(JSON.parse(readFileSync(join(here, service, 'openapi.json'), 'utf8')), mapping);
}

/**
 * A checker over an OpenAPI 3.0 document; `toSpecPath` maps a request's pathname (and its whole
 * URL, for services that tell operations apart by the query) to the document's path.
 */
export function createContract(doc, { toSpecPath = (pathname) => pathname } = {}) {
  // OpenAPI's own keywords (example, x-…) are not JSON Schema's: ignored, not refused.
  // Formats (uri, email, int64, snowflake, …) are documentation here: not checked, not warned about.
  const bodies = new Ajv({ strict: false, allErrors: true, validateFormats: false });
  const params = new Ajv({ strict: false, allErrors: true, coerceTypes: true, validateFormats: false });
  for (const ajv of [bodies, params]) ajv.addSchema(doc, 'contract');
  const resolve = (node) => (node?.$ref ? node.$ref.slice(2).split('/').reduce((at, key) => at?.[key], doc) : node);
  const describe = (errors) => (errors ?? []).map((e) => `${e.instancePath || '(body)'} ${e.message}`).join('; ');
  const decodeSegment = (segment) => {
    try {
      return decodeURIComponent(segment);
    } catch {
      return segment;
    }
  };
  // The values of a templated path's `{name}` segments in a request's path (each a whole segment), or undefined when it does not match.
  const segmentsOf = (template, path) => {
    const [want, got] = [template.split('/'), path.split('/')];
    if (!template.includes('{') || want.length !== got.length) return undefined;
    const values = {};
    for (const [index, part] of want.entries()) {
      const name = /^\{([^}]+)\}$/.exec(part)?.[1];
      if (name === undefined ? part !== got[index] : got[index] === '') return undefined;
      if (name !== undefined) values[name] = decodeSegment(got[index]);
    }
    return values;
  };
  const operation = (method, url) => {
    const parsed = new URL(url, 'http://contract.invalid');
    const path = toSpecPath(parsed.pathname, parsed);
    // A literal path first, else the first templated one that matches (`/tx/{txid}/hex`).
    const key = doc.paths?.[path] ? path : (Object.keys(doc.paths ?? {}).find((template) => segmentsOf(template, path)) ?? path);
    return { path: key, op: doc.paths?.[key]?.[method.toLowerCase()], segments: segmentsOf(key, path) ?? {} };
  };
  // A URI fragment: a path's `#` (or any other reserved character) is percent-encoded.
  const pointer = (path, method, ...rest) => ['', 'paths', path, method.toLowerCase(), ...rest].map((key) => encodeURIComponent(String(key).replaceAll('~', '~0').replaceAll('/', '~1'))).join('/');
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
    /** What a request (method, URL with its query, and a body with its content type) does that the contract does not allow. */
    checkRequest({ method = 'GET', url, contentType, body }) {
      const { path, op, segments } = operation(method, url);
      if (!op) return [`${method} ${path}: not in the contract`];
      const problems = [];
      const query = new URL(url, 'http://contract.invalid').searchParams;
      const declared = (op.parameters ?? []).map(resolve).filter((p) => p.in === 'query');
      for (const name of new Set(query.keys())) if (!declared.some((p) => p.name === name)) problems.push(`${path}: unknown query parameter "${name}"`);
      (op.parameters ?? []).forEach((raw, index) => {
        const parameter = resolve(raw);
        if (parameter.in !== 'query' && parameter.in !== 'path') return;
        const raw1 = parameter.in === 'path' ? (segments[parameter.name] ?? null) : query.get(parameter.name);
        // An array in the query: `a,b` when the parameter says `explode: false` (form style), else the name repeated.
        const isArray = resolve(parameter.schema)?.type === 'array';
        const value = raw1 === null || !isArray || parameter.in !== 'query' ? raw1 : parameter.explode === false ? raw1.split(',') : query.getAll(parameter.name);
        if (value === null) return void (parameter.required && problems.push(`${path}: required ${parameter.in} parameter "${parameter.name}" missing`));
        if (!parameter.schema) return;
        const validate = validatorAt(params, raw.$ref ? `${raw.$ref.slice(1)}/schema` : pointer(path, method, 'parameters', index, 'schema'), true);
        if (!validate({ value })) problems.push(`${path}: ${parameter.in} parameter "${parameter.name}"=${JSON.stringify(value)}: ${describe(validate.errors)}`);
      });
      // A body: one the operation takes (inline `requestBody`), in a media type it lists, of that type's schema.
      const accepted = op.requestBody;
      const type = String(contentType ?? '').split(';')[0].trim().toLowerCase();
      if (body === undefined) {
        if (accepted?.required) problems.push(`${path}: required body missing`);
      } else if (!accepted) problems.push(`${path}: a body the contract does not take`);
      else if (!accepted.content?.[type]) problems.push(`${path}: a body sent as "${type}", not ${Object.keys(accepted.content ?? {}).join(' or ')}`);
      else if (accepted.content[type].schema) {
        const validate = validatorAt(bodies, pointer(path, method, 'requestBody', 'content', type, 'schema'));
        if (!validate(body)) problems.push(`${path} body: ${describe(validate.errors)}`);
      }
      return problems;
    },
    /**
     * What a response (status, body: JSON parsed, text as the string it is, and its content type
     * when given) has that the contract does not say for that request.
     */
    checkResponse({ method = 'GET', url, status, body, contentType }) {
      const { path, op } = operation(method, url);
      if (!op) return [`${method} ${path}: not in the contract`];
      // A status, its class (`4XX`, as OpenAPI allows), or the default.
      const key = [String(status), `${String(status)[0]}XX`, 'default'].find((k) => op.responses?.[k]);
      const response = resolve(key ? op.responses[key] : undefined);
      if (!response) return [`${path}: status ${status} is not one the contract lists (${Object.keys(op.responses ?? {}).join(', ')})`];
      const listed = Object.keys(response.content ?? {});
      const type = contentType === undefined ? ['application/json', 'text/plain'].find((t) => listed.includes(t)) : contentType.split(';')[0].trim().toLowerCase();
      if (contentType !== undefined && listed.length > 0 && !listed.includes(type)) return [`${path} ${status}: answered as "${type}", not ${listed.join(' or ')}`];
      const media = response.content?.[type];
      if (!media?.schema) return [];
      // A response given by reference (`components/responses/…`) is validated where it is written.
      const ref = op.responses[key].$ref;
      const at = ref ? `${ref.slice(1).split('/').map((k) => encodeURIComponent(k)).join('/')}/content/${encodeURIComponent(type.replaceAll('~', '~0').replaceAll('/', '~1'))}/schema` : pointer(path, method, 'responses', key, 'content', type, 'schema');
      const validate = validatorAt(bodies, at);
      return validate(body) ? [] : [`${path} ${status}: ${describe(validate.errors)}`];
    },
  };
}

/**
 * The WalletConnect relay's JSON-RPC contract (tools/contracts/walletconnect-relay: a JSON Schema
 * written from WalletConnect's relay spec and the relay's shared types, draft 2020-12). Each check
 * lists what a frame does that the contract does not allow (empty when nothing).
 */
export function loadRelayContract() {
  const schema = JSON.parse(readFileSync(join(here, 'walletconnect-relay', 'relay-rpc.schema.json'), 'utf8'));
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  ajv.addSchema(schema, 'relay');
  const compiled = new Map();
  const check = (name, frame) => {
    if (!schema.$defs[name]) return [`${name}: not in the contract`];
    if (!compiled.has(name)) compiled.set(name, ajv.compile({ $ref: `relay#/$defs/${name}` }));
    const validate = compiled.get(name);
    return validate(frame) ? [] : [`${name}: ${(validate.errors ?? []).map((e) => `${e.instancePath || '(frame)'} ${e.message}`).join('; ')}`];
  };
  return {
    schema,
    /** A client's request (`irn_publish`, `wc_proposeSession`, …) or its ack of an `irn_subscription`. */
    checkClientFrame(frame) {
      if (frame && typeof frame === 'object' && 'method' in frame) return check(`req_${frame.method}`, frame);
      return check('res_irn_subscription', frame);
    },
    /** The relay's answer to a request of `method`: its result's shape, or an error in the relay's codes. */
    checkAnswer(method, frame) {
      return frame && typeof frame === 'object' && 'error' in frame ? check('errorResponse', frame) : check(`res_${method}`, frame);
    },
    /** A message the relay pushes (`irn_subscription`). */
    checkPush(frame) {
      return check('req_irn_subscription', frame);
    },
  };
}

/** Meld's crypto-currency list as vendored (tools/contracts/meld/crypto-currencies.json): each code with its network's CAIP-2 id (`x-caip2`). */
export function loadMeldCurrencies() {
  return JSON.parse(readFileSync(join(here, 'meld', 'crypto-currencies.json'), 'utf8'));
}
