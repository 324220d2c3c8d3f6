import type * as z from 'zod/mini';
import { APP_EVENTS, FRAME_EVENTS, type AppEventName, type AppEventRequest, type AppEventSuccess, type FrameEventName, type FrameEventPayload } from './events';
import { describeIssues, isProtocolMessage, parseAppMessage, parseFrameMessage, PROTOCOL } from './messages';

/** The part of a window a channel posts to. */
export interface MessageWindow {
  postMessage(message: unknown, targetOrigin: string): void;
}

/** A `message` event as windows deliver it. */
export interface MessageEventLike {
  readonly data: unknown;
  readonly origin: string;
  readonly source: unknown;
}

/** Where a channel listens: a window. */
export interface MessageTarget {
  addEventListener(type: 'message', listener: (event: MessageEventLike) => void): void;
  removeEventListener(type: 'message', listener: (event: MessageEventLike) => void): void;
}

/** Spec §7: the frame is used this long after its READY message. */
export const FRAME_READY_DELAY_MS = 500;

/** `iframe is not set`: a request before the frame exists (or after it was removed). */
export class FrameNotSetError extends Error {
  override name = 'FrameNotSetError';
  constructor() {
    super('iframe is not set');
  }
}

/**
 * The frame answered with an error (its message, or `An error occurred`), or the request was
 * aborted (`Request was aborted` for an RPC request, `Something went wrong` for any other: spec
 * §8), or timed out.
 */
export class FrameRequestError extends Error {
  override name = 'FrameRequestError';
  constructor(
    message: string,
    readonly event: AppEventName,
    readonly code?: number,
    readonly reason: 'frame' | 'aborted' | 'timeout' = 'frame',
  ) {
    super(message);
  }
}

/** Options of `createFrameClient` (the host side). */
export interface FrameClientOptions {
  /** The host's window: where the frame's messages arrive. */
  readonly listenOn: MessageTarget;
  /** The frame's window (the iframe's `contentWindow`); messages from any other source are ignored. */
  readonly frame: () => MessageWindow | null | undefined;
  /** The frame's origin: requests are posted only to it, and messages from any other are ignored. */
  readonly frameOrigin: string;
  readonly readyDelayMs?: number;
  /** Told about each ignored message that carried this protocol's tag (a forgery, a stray answer). */
  readonly onIgnored?: (reason: string) => void;
  readonly newId?: () => string;
}

interface Pending {
  readonly event: AppEventName;
  resolve(value: unknown): void;
  reject(error: Error): void;
}

/**
 * The host's end of the frame protocol: requests with ids, answers matched by id and event.
 * Only messages whose source is the frame's window and whose origin is the frame's are read,
 * and each must pass its schema; a message of this protocol that fails is ignored and reported
 * through `onIgnored`, never acted on. `ready` resolves `readyDelayMs` (500 ms) after READY.
 */
export function createFrameClient(options: FrameClientOptions) {
  const pending = new Map<string, Pending>();
  const eventListeners = new Map<FrameEventName, Set<(payload: unknown) => void>>();
  const newId = options.newId ?? (() => crypto.randomUUID());
  const ignored = (reason: string) => options.onIgnored?.(reason);
  let markReady!: () => void;
  const ready = new Promise<void>((resolve) => (markReady = resolve));
  let readyTimer: ReturnType<typeof setTimeout> | undefined;

  const listener = (event: MessageEventLike) => {
    if (!isProtocolMessage(event.data)) return;
    const frame = options.frame();
    if (!frame || event.source !== frame || event.origin !== options.frameOrigin) return ignored(`a frame message from ${event.origin || 'an unknown origin'} that is not the frame (${options.frameOrigin})`);
    const parsed = parseFrameMessage(event.data);
    if (!parsed.ok) return ignored(`a malformed frame message: ${parsed.reason}`);
    const message = parsed.value;
    if (message.kind === 'ready') {
      readyTimer ??= setTimeout(markReady, options.readyDelayMs ?? FRAME_READY_DELAY_MS);
      return;
    }
    if (message.kind === 'event') {
      for (const listener of eventListeners.get(message.name) ?? []) listener(message.payload);
      return;
    }
    const request = pending.get(message.id);
    if (!request || request.event !== message.event) return ignored(`an answer to no request (${message.event} ${message.id})`);
    pending.delete(message.id);
    if (message.kind === 'success') request.resolve(message.payload);
    else request.reject(new FrameRequestError(message.message || 'An error occurred', message.event, message.code));
  };
  options.listenOn.addEventListener('message', listener);

  return {
    /** Resolves once the frame said READY, plus the spec's 500 ms. */
    ready,
    /** Requests waiting for the frame. */
    get pendingCount() {
      return pending.size;
    },
    /**
     * Sends an app event and resolves with the frame's answer (checked against its schema).
     * Rejects with `FrameNotSetError` without a frame, a `TypeError` for a payload that does not
     * fit its schema (nothing is sent), and `FrameRequestError` for the frame's error, an abort
     * or the timeout.
     */
    request<E extends AppEventName>(event: E, payload: AppEventRequest<E>, init: { signal?: AbortSignal; timeoutMs?: number } = {}): Promise<AppEventSuccess<E>> {
      const frame = options.frame();
      if (!frame) return Promise.reject(new FrameNotSetError());
      const checked = (APP_EVENTS[event].request as unknown as z.ZodMiniType).safeParse(payload, { reportInput: true });
      if (!checked.success) return Promise.reject(new TypeError(`${event}: ${describeIssues(checked.error)}`));
      const abortedMessage = event === 'RPC_REQUEST' ? 'Request was aborted' : 'Something went wrong';
      if (init.signal?.aborted) return Promise.reject(new FrameRequestError(abortedMessage, event, undefined, 'aborted'));
      const id = newId();
      return new Promise<AppEventSuccess<E>>((resolve, reject) => {
        let timer: ReturnType<typeof setTimeout> | undefined;
        const settle = () => {
          pending.delete(id);
          if (timer !== undefined) clearTimeout(timer);
          init.signal?.removeEventListener('abort', onAbort);
        };
        const onAbort = () => {
          settle();
          reject(new FrameRequestError(abortedMessage, event, undefined, 'aborted'));
        };
        pending.set(id, {
          event,
          resolve: (value) => (settle(), resolve(value as AppEventSuccess<E>)),
          reject: (error) => (settle(), reject(error)),
        });
        init.signal?.addEventListener('abort', onAbort, { once: true });
        if (init.timeoutMs !== undefined) timer = setTimeout(() => (settle(), reject(new FrameRequestError(`The wallet frame did not answer ${event} within ${init.timeoutMs} ms`, event, undefined, 'timeout'))), init.timeoutMs);
        frame.postMessage({ protocol: PROTOCOL, kind: 'request', id, event, payload: checked.data }, options.frameOrigin);
      });
    },
    /** Calls `listener` with each `name` event of the frame (checked against its schema); returns the unsubscribe. */
    onEvent<N extends FrameEventName>(name: N, listener: (payload: FrameEventPayload<N>) => void): () => void {
      const set = eventListeners.get(name) ?? new Set();
      eventListeners.set(name, set);
      const wrapped = listener as (payload: unknown) => void;
      set.add(wrapped);
      return () => void set.delete(wrapped);
    },
    /** Stops listening; waiting requests fail with `Something went wrong`. */
    dispose() {
      eventListeners.clear();
      options.listenOn.removeEventListener('message', listener);
      if (readyTimer !== undefined) clearTimeout(readyTimer);
      for (const [, request] of pending) request.reject(new FrameRequestError('Something went wrong', request.event, undefined, 'aborted'));
      pending.clear();
    },
  };
}

/** What a frame handler gets besides the payload. */
export interface FrameRequestContext {
  /** The host page's origin (already checked). */
  readonly origin: string;
  /** The request's id, as the host gave it. */
  readonly id: string;
}

/** The frame's handlers, one per app event it serves. */
export type FrameHandlers = { [E in AppEventName]?: (payload: z.output<(typeof APP_EVENTS)[E]['request']>, context: FrameRequestContext) => Promise<AppEventSuccess<E>> | AppEventSuccess<E> };

/** Options of `createFrameServer` (the frame side). */
export interface FrameServerOptions {
  /** The frame's window: where the host's messages arrive. */
  readonly listenOn: MessageTarget;
  /** The host's window (`window.parent`); messages from any other source are ignored. */
  readonly parent: () => MessageWindow | null | undefined;
  /** Whether a host origin may use the frame (the project's list); others are ignored. */
  readonly isAllowedOrigin: (origin: string) => boolean;
  readonly handlers: FrameHandlers;
  readonly onIgnored?: (reason: string) => void;
}

/** An error a handler throws to answer with a JSON-RPC / EIP-1193 code. */
export interface CodedError {
  readonly message: string;
  readonly code?: number;
}

/**
 * The frame's end: reads requests from the parent window at an allowed origin (each checked
 * against its schema), runs the event's handler, and answers success (checked against the
 * answer's schema) or error (the handler's message, or `An error occurred`; its numeric `code`).
 * `announceReady()` posts READY to `readyOrigin`.
 */
export function createFrameServer(options: FrameServerOptions) {
  const ignored = (reason: string) => options.onIgnored?.(reason);
  const listener = (event: MessageEventLike) => {
    if (!isProtocolMessage(event.data)) return;
    const parent = options.parent();
    if (!parent || event.source !== parent) return ignored('a request from a window that is not the host page');
    if (!options.isAllowedOrigin(event.origin)) return ignored(`a request from ${event.origin}, which is not allowed`);
    const parsed = parseAppMessage(event.data);
    if (!parsed.ok) {
      // Answer what can be matched, so the host does not wait for nothing.
      const { id, event: name } = event.data as { id?: unknown; event?: unknown };
      if (typeof id === 'string' && typeof name === 'string' && name in APP_EVENTS && /^[A-Za-z0-9_-]{8,64}$/.test(id)) {
        parent.postMessage({ protocol: PROTOCOL, kind: 'error', id, event: name, message: parsed.reason.slice(0, 1024) }, event.origin);
      }
      return ignored(`a malformed request: ${parsed.reason}`);
    }
    const { id, event: name, payload } = parsed.value;
    const answer = (message: Record<string, unknown>) => parent.postMessage({ protocol: PROTOCOL, id, event: name, ...message }, event.origin);
    const handler = options.handlers[name] as ((payload: unknown, context: FrameRequestContext) => unknown) | undefined;
    if (!handler) return answer({ kind: 'error', message: `${name} is not supported by this wallet frame` });
    void (async () => {
      try {
        const result = await handler(payload, { origin: event.origin, id });
        const checked = (APP_EVENTS[name].success as unknown as z.ZodMiniType).safeParse(result, { reportInput: true });
        if (!checked.success) throw new Error(`The wallet frame made a malformed ${name} answer: ${describeIssues(checked.error)}`);
        answer({ kind: 'success', payload: checked.data });
      } catch (error) {
        const { message, code } = (error ?? {}) as Partial<CodedError>;
        answer({ kind: 'error', message: typeof message === 'string' && message ? message.slice(0, 1024) : 'An error occurred', ...(Number.isInteger(code) ? { code } : {}) });
      }
    })();
  };
  options.listenOn.addEventListener('message', listener);
  return {
    /** Tells the host the frame is loaded (no data in it, so any target origin is safe). */
    announceReady(readyOrigin = '*') {
      options.parent()?.postMessage({ protocol: PROTOCOL, kind: 'ready' }, readyOrigin);
    },
    /** Tells the host page at `targetOrigin` (the checked host origin) a frame event; a payload that does not fit its schema is a TypeError, nothing sent. */
    emit<N extends FrameEventName>(name: N, payload: FrameEventPayload<N>, targetOrigin: string) {
      const checked = (FRAME_EVENTS[name] as unknown as z.ZodMiniType).safeParse(payload, { reportInput: true });
      if (!checked.success) throw new TypeError(`${name}: ${describeIssues(checked.error)}`);
      options.parent()?.postMessage({ protocol: PROTOCOL, kind: 'event', name, payload: checked.data }, targetOrigin);
    },
    dispose() {
      options.listenOn.removeEventListener('message', listener);
    },
  };
}
