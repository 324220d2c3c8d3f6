import type { RelayErrorKind } from './jsonRpc';
/** One message to store and fan out, from `irn_publish`, `irn_batchPublish` or a `wc_*` fan-out. */
export type PublishCommand = { topic: string; message: string; ttl: number; tag: number; attestation?: string };

/** A subscription reference as `irn_unsubscribe` sends it. */
export type UnsubscribeCommand = { topic: string; id: string };

/** The result of reading a method's params: the value, or why it was rejected. */
export type ParamsResult<T> = { ok: true; value: T } | { ok: false; message: string; error: RelayErrorKind };

/** Longest TTL a message may ask for (the hosted relay's limit: 30 days). */
export const MAX_TTL_SECONDS = 30 * 24 * 60 * 60;

/** Most entries one batch request may carry (the client sends at most 500 topics per batch). */
export const MAX_BATCH = 500;

const TOPIC = /^[0-9a-fA-F]{64}$/;

type Obj = Record<string, unknown>;
const fail = (message: string, error: RelayErrorKind = 'invalidParams') => ({ ok: false as const, message, error });
const asObject = (params: unknown): Obj | undefined =>
  typeof params === 'object' && params !== null && !Array.isArray(params) ? (params as Obj) : undefined;

function readTopic(value: unknown, name: string): ParamsResult<string> {
  return typeof value === 'string' && TOPIC.test(value) ? { ok: true, value } : fail(`${name} must be a 64-character hex topic`, 'invalidTopic');
}

function readTopics(params: unknown): ParamsResult<string[]> {
  const topics = asObject(params)?.topics;
  if (!Array.isArray(topics)) return fail(`topics must be an array of 1–${MAX_BATCH} topics`);
  if (topics.length === 0 || topics.length > MAX_BATCH) return fail(`topics must be an array of 1–${MAX_BATCH} topics`, topics.length === 0 ? 'batchEmpty' : 'batchLimitExceeded');
  for (const topic of topics) if (!readTopic(topic, 'topics[]').ok) return fail('topics[] must be 64-character hex topics', 'invalidTopic');
  return { ok: true, value: topics as string[] };
}

/** A batch's `field`: an array of 1–MAX_BATCH entries, each read by `readOne`; the first bad one names the batch's error. */
function readBatch<T>(params: unknown, field: string, readOne: (entry: unknown) => ParamsResult<T>): ParamsResult<T[]> {
  const list = asObject(params)?.[field];
  if (!Array.isArray(list)) return fail(`${field} must be an array of 1–${MAX_BATCH} entries`);
  if (list.length === 0 || list.length > MAX_BATCH) return fail(`${field} must be an array of 1–${MAX_BATCH} entries`, list.length === 0 ? 'batchEmpty' : 'batchLimitExceeded');
  const value: T[] = [];
  for (const entry of list) {
    const read = readOne(entry);
    if (!read.ok) return fail(`${field}[]: ${read.message}`, read.error);
    value.push(read.value);
  }
  return { ok: true, value };
}

function readPublishFields(obj: Obj, topic: string, message: unknown): ParamsResult<PublishCommand> {
  if (typeof message !== 'string' || message.length === 0) return fail('message must be a non-empty string');
  const { ttl, tag, attestation } = obj;
  if (typeof ttl !== 'number' || !Number.isInteger(ttl)) return fail(`ttl must be an integer number of seconds in 1–${MAX_TTL_SECONDS}`);
  if (ttl <= 0 || ttl > MAX_TTL_SECONDS) return fail(`TTL too ${ttl <= 0 ? 'short' : 'long'}: ttl must be 1–${MAX_TTL_SECONDS} seconds`, ttl <= 0 ? 'ttlTooShort' : 'ttlTooLong');
  if (tag !== undefined && (typeof tag !== 'number' || !Number.isInteger(tag))) return fail('tag must be an integer');
  if (attestation !== undefined && attestation !== null && typeof attestation !== 'string') return fail('attestation must be a string');
  return { ok: true, value: { topic, message, ttl, tag: tag ?? 0, ...(typeof attestation === 'string' ? { attestation } : {}) } };
}

/** `irn_subscribe` → `{ topic }`. */
export function readSubscribe(params: unknown): ParamsResult<string> {
  return readTopic(asObject(params)?.topic, 'topic');
}

/** `irn_batchSubscribe` and `irn_batchFetchMessages` → `{ topics: string[] }`. */
export const readBatchTopics = readTopics;

/** `irn_unsubscribe` → `{ topic, id }`. */
export function readUnsubscribe(params: unknown): ParamsResult<UnsubscribeCommand> {
  const obj = asObject(params);
  const topic = readTopic(obj?.topic, 'topic');
  if (!topic.ok) return topic;
  return typeof obj?.id === 'string' && obj.id.length <= 256 ? { ok: true, value: { topic: topic.value, id: obj.id } } : fail('id must be a string');
}

/** `irn_batchUnsubscribe` → `{ subscriptions: { topic, id }[] }`. */
export function readBatchUnsubscribe(params: unknown): ParamsResult<UnsubscribeCommand[]> {
  return readBatch(params, 'subscriptions', readUnsubscribe);
}

/** `irn_publish` → `{ topic, message, ttl, tag?, prompt?, attestation? }` (extra TVF fields ignored). */
export function readPublish(params: unknown): ParamsResult<PublishCommand> {
  const obj = asObject(params);
  if (!obj) return fail('params must be an object');
  const topic = readTopic(obj.topic, 'topic');
  return topic.ok ? readPublishFields(obj, topic.value, obj.message) : topic;
}

/** `irn_batchPublish` → `{ messages: PublishParams[] }`. */
export function readBatchPublish(params: unknown): ParamsResult<PublishCommand[]> {
  return readBatch(params, 'messages', readPublish);
}

/** `wc_proposeSession` → the proposal goes to the pairing topic. */
export function readProposeSession(params: unknown): ParamsResult<PublishCommand[]> {
  const obj = asObject(params);
  if (!obj) return fail('params must be an object');
  const pairingTopic = readTopic(obj.pairingTopic, 'pairingTopic');
  if (!pairingTopic.ok) return pairingTopic;
  const proposal = readPublishFields(obj, pairingTopic.value, obj.sessionProposal);
  return proposal.ok ? { ok: true, value: [proposal.value] } : fail(proposal.message.replace(/^message/, 'sessionProposal'), proposal.error);
}

/**
 * `wc_approveSession` → the proposal response goes to the pairing topic, then the settle
 * request to the session topic (the dapp subscribes to the session topic only after reading
 * the response, so the settle request waits in the mailbox).
 */
export function readApproveSession(params: unknown): ParamsResult<PublishCommand[]> {
  const obj = asObject(params);
  if (!obj) return fail('params must be an object');
  const pairingTopic = readTopic(obj.pairingTopic, 'pairingTopic');
  if (!pairingTopic.ok) return pairingTopic;
  const sessionTopic = readTopic(obj.sessionTopic, 'sessionTopic');
  if (!sessionTopic.ok) return sessionTopic;
  const response = readPublishFields({ ...obj, attestation: undefined }, pairingTopic.value, obj.sessionProposalResponse);
  if (!response.ok) return fail(response.message.replace(/^message/, 'sessionProposalResponse'), response.error);
  const settle = readPublishFields({ ...obj, attestation: undefined }, sessionTopic.value, obj.sessionSettlementRequest);
  if (!settle.ok) return fail(settle.message.replace(/^message/, 'sessionSettlementRequest'), settle.error);
  return { ok: true, value: [response.value, settle.value] };
}
