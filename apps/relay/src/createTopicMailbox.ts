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
  /** Client id (JWT `iss`) of the publisher, so the message is never sent back to it. */
  readonly publisherId: string;
  readonly bytes: number;
};

/** Limits that keep the mailbox's memory bounded. */
export type TopicMailboxLimits = {
  readonly maxTopics: number;
  readonly maxQueuedPerTopic: number;
  readonly maxTotalBytes: number;
};

/** Input of {@link TopicMailbox.put}. */
export type MailboxInput = Omit<StoredMessage, 'seq' | 'bytes' | 'expiresAt' | 'publishedAt'> & { readonly ttlSeconds: number; readonly now: number };

/** The per-topic message store behind the relay. */
export type TopicMailbox = {
  /** Stores a message; when its topic is full the oldest message there is dropped. */
  put(input: MailboxInput): { ok: true; stored: StoredMessage } | { ok: false; reason: string };
  /** Unexpired messages on `topic` that `clientId` did not publish, oldest first. */
  pendingFor(topic: string, clientId: string, now: number): StoredMessage[];
  remove(topic: string, seq: number): void;
  /** Drops expired messages; returns how many were dropped. */
  prune(now: number): number;
  stats(): { topics: number; messages: number; bytes: number };
  clear(): void;
};

/** Creates an empty mailbox with the given caps. */
export function createTopicMailbox(limits: TopicMailboxLimits): TopicMailbox {
  const topics = new Map<string, StoredMessage[]>();
  let totalBytes = 0;
  let messageCount = 0;
  let nextSeq = 1;

  const drop = (queue: StoredMessage[], index: number) => {
    const [removed] = queue.splice(index, 1);
    if (removed) {
      totalBytes -= removed.bytes;
      messageCount -= 1;
    }
  };

  return {
    put(input) {
      // Strings are UTF-16 in memory; two bytes per code unit is the honest upper bound.
      const bytes = 2 * (input.message.length + input.topic.length + (input.attestation?.length ?? 0)) + 64;
      let queue = topics.get(input.topic);
      if (!queue && topics.size >= limits.maxTopics) return { ok: false, reason: `relay holds messages for ${limits.maxTopics} topics already` };
      if (totalBytes + bytes > limits.maxTotalBytes) return { ok: false, reason: 'relay mailbox is full' };
      if (!queue) topics.set(input.topic, (queue = []));
      while (queue.length >= limits.maxQueuedPerTopic) drop(queue, 0);
      const stored: StoredMessage = {
        seq: nextSeq++,
        topic: input.topic,
        message: input.message,
        publishedAt: input.now,
        expiresAt: input.now + input.ttlSeconds * 1000,
        tag: input.tag,
        ...(input.attestation !== undefined ? { attestation: input.attestation } : {}),
        publisherId: input.publisherId,
        bytes,
      };
      queue.push(stored);
      totalBytes += bytes;
      messageCount += 1;
      return { ok: true, stored };
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
      totalBytes = 0;
      messageCount = 0;
    },
  };
}
