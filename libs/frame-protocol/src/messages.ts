import * as z from 'zod/mini';
import { APP_EVENT_NAMES, APP_EVENTS, FRAME_EVENT_NAMES, FRAME_EVENTS, type AppEventName, type FrameEventName } from './events';

/** The protocol's tag and version, on every message: anything without it is someone else's. */
export const PROTOCOL = 'portico-frame/1';

const id = z.string().check(z.regex(/^[A-Za-z0-9_-]{8,64}$/, 'Expected a request id of 8 to 64 URL-safe characters'));
const eventName = z.enum(APP_EVENT_NAMES as [AppEventName, ...AppEventName[]]);

/** A request from the host: an app event with its id and payload. */
export const appMessageSchema = z.object({ protocol: z.literal(PROTOCOL), kind: z.literal('request'), id, event: eventName, payload: z.unknown() });

const frameEventName = z.enum(FRAME_EVENT_NAMES as [FrameEventName, ...FrameEventName[]]);

/** What the frame sends: READY once loaded, one answer per request, and its events (`FRAME_EVENTS`). */
export const frameMessageSchema = z.discriminatedUnion('kind', [
  z.object({ protocol: z.literal(PROTOCOL), kind: z.literal('ready') }),
  z.object({ protocol: z.literal(PROTOCOL), kind: z.literal('event'), name: frameEventName, payload: z.unknown() }),
  z.object({ protocol: z.literal(PROTOCOL), kind: z.literal('success'), id, event: eventName, payload: z.unknown() }),
  z.object({
    protocol: z.literal(PROTOCOL),
    kind: z.literal('error'),
    id,
    event: eventName,
    message: z.optional(z.string().check(z.maxLength(1024))),
    /** An EIP-1193 / JSON-RPC error code, for RPC requests. */
    code: z.optional(z.int()),
  }),
]);

export type AppMessage = z.output<typeof appMessageSchema>;
export type FrameMessage = z.output<typeof frameMessageSchema>;

/**
 * One issue in the words the spec lists: `Required`, `Expected X, received Y`, `Invalid email`,
 * else zod's message; prefixed with the field's path.
 */
function describe(issue: z.core.$ZodIssue): string {
  const at = issue.path.length ? `${issue.path.join('.')}: ` : '';
  if (issue.code === 'invalid_type') {
    const received = (issue as { input?: unknown }).input;
    if (received === undefined) return `${at}Required`;
    const kind = received === null ? 'null' : Array.isArray(received) ? 'array' : typeof received;
    return `${at}Expected ${issue.expected}, received ${kind}`;
  }
  if (issue.code === 'invalid_format' && (issue.format === 'email' || issue.message === 'Invalid email')) return `${at}Invalid email`;
  return `${at}${issue.message}`;
}

/** Why a value failed a schema, in the spec's words (issues joined by "; "). */
export function describeIssues(error: { readonly issues: readonly z.core.$ZodIssue[] }): string {
  return error.issues.map(describe).join('; ');
}

/** The result of reading a message: the message, or why it is not one. */
export type Parsed<T> = { ok: true; value: T } | { ok: false; reason: string };

const parse = <T>(schema: z.ZodMiniType<T>, value: unknown): Parsed<T> => {
  const result = schema.safeParse(value, { reportInput: true });
  return result.success ? { ok: true, value: result.data } : { ok: false, reason: describeIssues(result.error) };
};

/** Reads a request from the host: the envelope, then the event's own payload schema. */
export function parseAppMessage(data: unknown): Parsed<AppMessage> {
  const envelope = parse(appMessageSchema, data);
  if (!envelope.ok) return envelope;
  const payload = parse(APP_EVENTS[envelope.value.event].request as z.ZodMiniType<unknown>, envelope.value.payload);
  return payload.ok ? { ok: true, value: { ...envelope.value, payload: payload.value } } : { ok: false, reason: `${envelope.value.event} payload: ${payload.reason}` };
}

/** Reads a message from the frame: the envelope, then (for a success) the event's answer schema, (for an event) its payload's. */
export function parseFrameMessage(data: unknown): Parsed<FrameMessage> {
  const envelope = parse(frameMessageSchema, data);
  if (envelope.ok && envelope.value.kind === 'event') {
    const payload = parse(FRAME_EVENTS[envelope.value.name] as z.ZodMiniType<unknown>, envelope.value.payload);
    return payload.ok ? { ok: true, value: { ...envelope.value, payload: payload.value } } : { ok: false, reason: `${envelope.value.name} event: ${payload.reason}` };
  }
  if (!envelope.ok || envelope.value.kind !== 'success') return envelope;
  const payload = parse(APP_EVENTS[envelope.value.event].success as z.ZodMiniType<unknown>, envelope.value.payload);
  return payload.ok ? { ok: true, value: { ...envelope.value, payload: payload.value } } : { ok: false, reason: `${envelope.value.event} answer: ${payload.reason}` };
}

/** Whether a value carries this protocol's tag (so a message that fails is ours and malformed, not someone else's). */
export function isProtocolMessage(data: unknown): boolean {
  return typeof data === 'object' && data !== null && (data as { protocol?: unknown }).protocol === PROTOCOL;
}
