import { createHash } from 'node:crypto';
import { createTopicMailbox, type StoredMessage, type TopicMailboxLimits } from './createTopicMailbox';
import { formatError, formatRequest, formatResult, parseFrame, type RawRpcId, type RelayErrorKind } from './jsonRpc';
import {
  MAX_BATCH,
  readApproveSession,
  readBatchPublish,
  readBatchTopics,
  readBatchUnsubscribe,
  readProposeSession,
  readPublish,
  readSubscribe,
  readUnsubscribe,
  type ParamsResult,
  type PublishCommand,
} from './relayParams';

/** One connected client as the hub sees it: a way to send text and the client's id. */
export type RelayPeer = {
  /** JWT `iss` of the socket's client (`did:key:…`). */
  readonly clientId: string;
  send(text: string): void;
};

/** Caps of the hub, on top of the mailbox's. */
export type RelayHubLimits = TopicMailboxLimits & {
  readonly maxSubscriptionsPerSocket: number;
  /** Distinct topics one client id may be subscribed to, across all of its sockets. */
  readonly maxTopicsPerClient: number;
  /** Unacknowledged pushes remembered per socket; older ones are forgotten (the message stays queued). */
  readonly maxInFlightPerSocket: number;
};

/** Counters for the health endpoint and the tests. */
export type RelayStats = { connections: number; subscribedTopics: number; queuedTopics: number; queuedMessages: number; queuedBytes: number };

/** The relay's protocol state: subscriptions, the mailbox and JSON-RPC dispatch, with no I/O. */
export type RelayHub = {
  attach(peer: RelayPeer): void;
  /** Handles one text frame from `peer`: answers it and fans messages out. */
  handleFrame(peer: RelayPeer, frame: string): void;
  detach(peer: RelayPeer): void;
  prune(now: number): void;
  stats(): RelayStats;
  clear(): void;
};

type PeerState = { topics: Map<string, string>; inFlight: Map<number, { topic: string; seq: number }> };
/** A client id's subscribed topics, each with how many of its sockets hold it. */
type ClientTopics = Map<string, number>;
type Outcome = { ok: true; result: unknown; after?: () => void } | { ok: false; error: RelayErrorKind; message: string };

/** The subscription id the client computes itself: `sha256(topic + clientId)` in hex. */
export function subscriptionId(topic: string, clientId: string): string {
  return createHash('sha256').update(topic + clientId, 'utf8').digest('hex');
}

/** Creates the hub; `now` is injectable so TTL handling can be tested without waiting. */
export function createRelayHub(limits: RelayHubLimits, now: () => number = Date.now): RelayHub {
  const mailbox = createTopicMailbox(limits);
  const peers = new Map<RelayPeer, PeerState>();
  const subscribers = new Map<string, Set<RelayPeer>>();
  const clientTopics = new Map<string, ClientTopics>();
  // Safe integers for our own request ids, distinct from any client's.
  let nextPushId = now() * 1000;

  const invalid = (result: ParamsResult<unknown> & { ok: false }): Outcome => ({ ok: false, error: result.error, message: result.error === 'invalidParams' ? `Invalid params: ${result.message}` : result.message });
  // A limit of the relay's: stored messages (the mailbox), or subscriptions.
  const full = (message: string, error: RelayErrorKind = 'subscriberLimitExceeded'): Outcome => ({ ok: false, error, message });
  const overQuota = (message: string, error: RelayErrorKind = 'subscriberLimitExceeded'): Outcome => ({ ok: false, error, message });

  function push(peer: RelayPeer, stored: StoredMessage) {
    const state = peers.get(peer);
    const subId = state?.topics.get(stored.topic);
    if (!state || subId === undefined) return;
    const id = nextPushId++;
    state.inFlight.set(id, { topic: stored.topic, seq: stored.seq });
    if (state.inFlight.size > limits.maxInFlightPerSocket) state.inFlight.delete(state.inFlight.keys().next().value as number);
    const data = { topic: stored.topic, message: stored.message, publishedAt: stored.publishedAt, tag: stored.tag, ...(stored.attestation !== undefined ? { attestation: stored.attestation } : {}) };
    peer.send(formatRequest(id, 'irn_subscription', { id: subId, data }));
  }

  /** Why `topics` cannot be subscribed on `peer`'s socket, or `undefined` when they can. */
  function refuseSubscribe(peer: RelayPeer, state: PeerState, topics: string[]): Outcome | undefined {
    const fresh = [...new Set(topics)].filter((t) => !state.topics.has(t));
    const held = clientTopics.get(peer.clientId);
    const freshForClient = fresh.filter((t) => !held?.has(t)).length;
    if ((held?.size ?? 0) + freshForClient > limits.maxTopicsPerClient) {
      return overQuota(`Client quota exceeded: maxTopicsPerClient (a client may be subscribed to ${limits.maxTopicsPerClient} topics across its sockets; it has ${held?.size ?? 0})`);
    }
    if (state.topics.size + fresh.length > limits.maxSubscriptionsPerSocket) return full(`Socket is full: maxSubscriptionsPerSocket (a socket may hold ${limits.maxSubscriptionsPerSocket} subscriptions)`);
    if (subscribers.size + fresh.filter((t) => !subscribers.has(t)).length > limits.maxTopics) return full(`Relay is full: maxTopics (it has ${limits.maxTopics} subscribed topics already)`);
    return undefined;
  }

  function subscribe(peer: RelayPeer, state: PeerState, topics: string[]): Outcome {
    const refused = refuseSubscribe(peer, state, topics);
    if (refused) return refused;
    const fresh = [...new Set(topics)].filter((t) => !state.topics.has(t));
    let held = clientTopics.get(peer.clientId);
    if (!held) clientTopics.set(peer.clientId, (held = new Map()));
    for (const topic of fresh) held.set(topic, (held.get(topic) ?? 0) + 1);
    const ids = topics.map((topic) => {
      const id = subscriptionId(topic, peer.clientId);
      state.topics.set(topic, id);
      let set = subscribers.get(topic);
      if (!set) subscribers.set(topic, (set = new Set()));
      set.add(peer);
      return id;
    });
    // Queued messages go out once per new subscription, after the subscribe response.
    const after = () => fresh.forEach((topic) => mailbox.pendingFor(topic, peer.clientId, now()).forEach((m) => push(peer, m)));
    return { ok: true, result: ids, after };
  }

  function unsubscribe(peer: RelayPeer, state: PeerState, topic: string) {
    if (!state.topics.delete(topic)) return;
    const held = clientTopics.get(peer.clientId);
    const sockets = (held?.get(topic) ?? 1) - 1;
    if (sockets > 0) held?.set(topic, sockets);
    else held?.delete(topic);
    if (held?.size === 0) clientTopics.delete(peer.clientId);
    const set = subscribers.get(topic);
    set?.delete(peer);
    if (set?.size === 0) subscribers.delete(topic);
  }

  /** Stores the whole batch or none of it, then fans out what was stored. */
  function publish(peer: RelayPeer, commands: PublishCommand[]): Outcome {
    const inputs = commands.map((c) => ({ topic: c.topic, message: c.message, ttlSeconds: c.ttl, tag: c.tag, ...(c.attestation !== undefined ? { attestation: c.attestation } : {}) }));
    const put = mailbox.putAll(peer.clientId, inputs, now());
    if (!put.ok) return put.perClient ? overQuota(put.reason, 'mailboxLimitExceeded') : full(put.reason, 'mailboxLimitExceeded');
    const after = () => put.stored.forEach((m) => subscribers.get(m.topic)?.forEach((p) => p.clientId !== peer.clientId && push(p, m)));
    return { ok: true, result: true, after };
  }

  /**
   * The `wc_*` fan-outs also subscribe their publisher: sign-client 2.25 marks the pairing topic
   * (dapp) and the session topic (wallet) as subscribed locally (`skipSubscribe`) and relies on
   * the relay to route the peer's answers back to it.
   */
  function publishAndSubscribe(peer: RelayPeer, state: PeerState, commands: PublishCommand[], topic: string): Outcome {
    // Checked first so that a refusal of either half leaves neither done.
    const refused = refuseSubscribe(peer, state, [topic]);
    if (refused) return refused;
    const published = publish(peer, commands);
    if (!published.ok) return published;
    const subscribed = subscribe(peer, state, [topic]);
    return { ok: true, result: true, after: () => (subscribed.ok && subscribed.after?.(), published.after?.()) };
  }

  function fetchMessages(peer: RelayPeer, topics: string[]): Outcome {
    const messages: Record<string, unknown>[] = [];
    let hasMore = false;
    for (const topic of topics) {
      for (const m of mailbox.pendingFor(topic, peer.clientId, now())) {
        if (messages.length >= MAX_BATCH) {
          hasMore = true;
          break;
        }
        // A fetched message counts as delivered, so the next fetch moves on.
        mailbox.remove(topic, m.seq);
        messages.push({ topic, message: m.message, publishedAt: m.publishedAt, tag: m.tag, ...(m.attestation !== undefined ? { attestation: m.attestation } : {}) });
      }
    }
    return { ok: true, result: { messages, hasMore } };
  }

  function dispatch(peer: RelayPeer, state: PeerState, method: string, params: unknown): Outcome {
    switch (method) {
      case 'irn_subscribe': {
        const read = readSubscribe(params);
        if (!read.ok) return invalid(read);
        const outcome = subscribe(peer, state, [read.value]);
        return outcome.ok ? { ...outcome, result: (outcome.result as string[])[0] } : outcome;
      }
      case 'irn_batchSubscribe': {
        const read = readBatchTopics(params);
        return read.ok ? subscribe(peer, state, read.value) : invalid(read);
      }
      case 'irn_unsubscribe': {
        const read = readUnsubscribe(params);
        if (!read.ok) return invalid(read);
        unsubscribe(peer, state, read.value.topic);
        return { ok: true, result: true };
      }
      case 'irn_batchUnsubscribe': {
        const read = readBatchUnsubscribe(params);
        if (!read.ok) return invalid(read);
        read.value.forEach((s) => unsubscribe(peer, state, s.topic));
        return { ok: true, result: true };
      }
      case 'irn_publish': {
        const read = readPublish(params);
        return read.ok ? publish(peer, [read.value]) : invalid(read);
      }
      case 'irn_batchPublish': {
        const read = readBatchPublish(params);
        return read.ok ? publish(peer, read.value) : invalid(read);
      }
      case 'wc_proposeSession': {
        const read = readProposeSession(params);
        return read.ok ? publishAndSubscribe(peer, state, read.value, read.value[0]!.topic) : invalid(read);
      }
      case 'wc_approveSession': {
        const read = readApproveSession(params);
        return read.ok ? publishAndSubscribe(peer, state, read.value, read.value[1]!.topic) : invalid(read);
      }
      case 'irn_batchFetchMessages': {
        const read = readBatchTopics(params);
        return read.ok ? fetchMessages(peer, read.value) : invalid(read);
      }
      default:
        return { ok: false, error: 'invalidMethod', message: `Invalid request method: ${method.slice(0, 64)}` };
    }
  }

  function onAck(state: PeerState, id: RawRpcId, ok: boolean) {
    const key = Number(id.text);
    const entry = state.inFlight.get(key);
    if (!entry) return;
    state.inFlight.delete(key);
    if (ok) mailbox.remove(entry.topic, entry.seq);
  }

  return {
    attach: (peer) => void peers.set(peer, { topics: new Map(), inFlight: new Map() }),
    handleFrame(peer, text) {
      const state = peers.get(peer);
      if (!state) return;
      const frame = parseFrame(text);
      if (frame.kind === 'invalid') return peer.send(formatError(frame.id, frame.error, frame.message));
      if (frame.kind === 'response') return onAck(state, frame.id, frame.ok);
      // Notifications expect no answer and the client sends none; they are ignored.
      if (frame.kind === 'notification') return;
      const outcome = dispatch(peer, state, frame.method, frame.params);
      if (!outcome.ok) return peer.send(formatError(frame.id, outcome.error, outcome.message));
      peer.send(formatResult(frame.id, outcome.result));
      outcome.after?.();
    },
    detach(peer) {
      const state = peers.get(peer);
      if (!state) return;
      for (const topic of [...state.topics.keys()]) unsubscribe(peer, state, topic);
      peers.delete(peer);
    },
    prune: (at) => void mailbox.prune(at),
    stats() {
      const m = mailbox.stats();
      return { connections: peers.size, subscribedTopics: subscribers.size, queuedTopics: m.topics, queuedMessages: m.messages, queuedBytes: m.bytes };
    },
    clear() {
      peers.clear();
      subscribers.clear();
      clientTopics.clear();
      mailbox.clear();
    },
  };
}
