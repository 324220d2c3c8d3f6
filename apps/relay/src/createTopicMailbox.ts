/** A published message the relay holds until a peer acknowledges it or its TTL passes. */
export type StoredMessage = {
  /** Relay-local sequence number, unique for the mailbox's lifetime. */
  readonly seq: number;
  readonly topic: string;
  readonly message: string;
  /** Milliseconds since the epoch, as the client expects in `irn_subscription`. */
  readonly publishedAt: number;
  readonly expiresAt: number;
  readonly tag: number;
  readonly attestation?: string;
  /** Client id (JWT `iss`) of the publisher: never sent back to it, and charged to its quota. */
  readonly publisherId: string;
  readonly bytes: number;
};

/** Limits that keep the mailbox's memory bounded, in total and per publishing client. */
export type TopicMailboxLimits = {
  /** Distinct topics holding messages, across all clients. */
  readonly maxTopics: number;
  /** Messages one client keeps on one topic; past it that client's oldest there is dropped. */
  readonly maxQueuedPerTopic: number;
  /** Bytes held across all clients. */
  readonly maxTotalBytes: number;
  /** Bytes of stored messages one client has published. */
  readonly maxQueuedBytesPerClient: number;
  /** Stored messages one client has published. */
  readonly maxQueuedMessagesPerClient: number;
  /** Longest a message is kept, whatever TTL it asked for. */
  readonly maxTtlSeconds: number;
};

/** The limit a refused {@link TopicMailbox.putAll} hit: a per-client share or a relay-wide cap. */
export type MailboxRefusal = {
  readonly limit: 'maxQueuedBytesPerClient' | 'maxQueuedMessagesPerClient' | 'maxTopics' | 'maxTotalBytes';
  readonly perClient: boolean;
  readonly reason: string;
};

/** One message to store; `publishedAt`, `expiresAt`, `seq` and `bytes` are the mailbox's. */
export type MailboxInput = Omit<StoredMessage, 'seq' | 'bytes' | 'expiresAt' | 'publishedAt' | 'publisherId'> & { readonly ttlSeconds: number };

/** The per-topic message store behind the relay. */
export type TopicMailbox = {
  /**
   * Stores `inputs` from `publisherId` all or nothing. A client's overflow on a topic drops its
   * own oldest message there, never another client's. Returns the messages still stored.
   */
  putAll(publisherId: string, inputs: readonly MailboxInput[], now: number): { ok: true; stored: StoredMessage[] } | ({ ok: false } & MailboxRefusal);
  /** Unexpired messages on `topic` that `clientId` did not publish, oldest first. */
  pendingFor(topic: string, clientId: string, now: number): StoredMessage[];
  remove(topic: string, seq: number): void;
  /** Drops expired messages; returns how many were dropped. */
  prune(now: number): number;
  stats(): { topics: number; messages: number; bytes: number };
  clear(): void;
};

type Usage = { bytes: number; messages: number };

/** What the mailbox charges for a message: strings are UTF-16 in memory, so two bytes per code unit, plus overhead. */
const sizeOf = (input: MailboxInput) => 2 * (input.message.length + input.topic.length + (input.attestation?.length ?? 0)) + 64;

/** Creates an empty mailbox with the given caps. */
export function createTopicMailbox(limits: TopicMailboxLimits): TopicMailbox {
  const topics = new Map<string, StoredMessage[]>();
  const usage = new Map<string, Usage>();
  let totalBytes = 0;
  let messageCount = 0;
  let nextSeq = 1;

  const charge = (publisherId: string, bytes: number, messages: number) => {
    const used = usage.get(publisherId) ?? { bytes: 0, messages: 0 };
    used.bytes += bytes;
    used.messages += messages;
    if (used.messages === 0) usage.delete(publisherId);
    else usage.set(publisherId, used);
    totalBytes += bytes;
    messageCount += messages;
  };

  const drop = (queue: StoredMessage[], index: number) => {
    const [removed] = queue.splice(index, 1);
    if (removed) charge(removed.publisherId, -removed.bytes, -1);
  };

  const refuse = (limit: MailboxRefusal['limit'], perClient: boolean, reason: string) => ({ ok: false as const, limit, perClient, reason });

  return {
    putAll(publisherId, inputs, now) {
      // Plan on copies of the touched queues, so a refusal leaves everything as it was.
      const planned = new Map<string, StoredMessage[]>();
      const evicted: StoredMessage[] = [];
      let seq = nextSeq;
      for (const input of inputs) {
        let queue = planned.get(input.topic);
        if (!queue) planned.set(input.topic, (queue = [...(topics.get(input.topic) ?? [])]));
        const own = queue.filter((m) => m.publisherId === publisherId);
        if (own.length >= limits.maxQueuedPerTopic) {
          const oldest = queue.indexOf(own[0]!);
          if (queue[oldest]!.seq < nextSeq) evicted.push(queue[oldest]!);
          queue.splice(oldest, 1);
        }
        const ttlSeconds = Math.min(input.ttlSeconds, limits.maxTtlSeconds);
        queue.push({
          seq: seq++,
          topic: input.topic,
          message: input.message,
          publishedAt: now,
          expiresAt: now + ttlSeconds * 1000,
          tag: input.tag,
          ...(input.attestation !== undefined ? { attestation: input.attestation } : {}),
          publisherId,
          bytes: sizeOf(input),
        });
      }
      const stored = [...planned.values()].flat().filter((m) => m.seq >= nextSeq);
      const addedBytes = stored.reduce((sum, m) => sum + m.bytes, 0) - evicted.reduce((sum, m) => sum + m.bytes, 0);
      const addedMessages = stored.length - evicted.length;
      const used = usage.get(publisherId) ?? { bytes: 0, messages: 0 };
      if (used.messages + addedMessages > limits.maxQueuedMessagesPerClient) {
        return refuse('maxQueuedMessagesPerClient', true, `Client quota exceeded: maxQueuedMessagesPerClient (a client may have ${limits.maxQueuedMessagesPerClient} messages stored; it has ${used.messages})`);
      }
      if (used.bytes + addedBytes > limits.maxQueuedBytesPerClient) {
        return refuse('maxQueuedBytesPerClient', true, `Client quota exceeded: maxQueuedBytesPerClient (a client may have ${limits.maxQueuedBytesPerClient} bytes stored; it has ${used.bytes} and this needs ${addedBytes} more)`);
      }
      const newTopics = [...planned.keys()].filter((t) => !topics.has(t)).length;
      if (topics.size + newTopics > limits.maxTopics) return refuse('maxTopics', false, `Relay is full: maxTopics (it holds messages for ${limits.maxTopics} topics already)`);
      if (totalBytes + addedBytes > limits.maxTotalBytes) return refuse('maxTotalBytes', false, `Relay is full: maxTotalBytes (its mailbox holds ${totalBytes} of ${limits.maxTotalBytes} bytes)`);

      evicted.forEach((m) => charge(m.publisherId, -m.bytes, -1));
      stored.forEach((m) => charge(m.publisherId, m.bytes, 1));
      for (const [topic, queue] of planned) topics.set(topic, queue);
      nextSeq = seq;
      return { ok: true, stored: stored.sort((a, b) => a.seq - b.seq) };
    },
    pendingFor(topic, clientId, now) {
      return (topics.get(topic) ?? []).filter((m) => m.publisherId !== clientId && m.expiresAt > now);
    },
    remove(topic, seq) {
      const queue = topics.get(topic);
      if (!queue) return;
      const index = queue.findIndex((m) => m.seq === seq);
      if (index >= 0) drop(queue, index);
      if (queue.length === 0) topics.delete(topic);
    },
    prune(now) {
      let dropped = 0;
      for (const [topic, queue] of topics) {
        for (let i = queue.length - 1; i >= 0; i--) {
          if (queue[i]!.expiresAt <= now) {
            drop(queue, i);
            dropped += 1;
          }
        }
        if (queue.length === 0) topics.delete(topic);
      }
      return dropped;
    },
    stats: () => ({ topics: topics.size, messages: messageCount, bytes: totalBytes }),
    clear() {
      topics.clear();
      usage.clear();
      totalBytes = 0;
      messageCount = 0;
    },
  };
}
