import type { Address, EncodedAccount, Lamports } from '@solana/kit';
import { type AccountEncoding, accountEncodingOption, encodeExistingAccount } from './accountEncoding';
import { answerJsonRpc, JsonRpcError, type JsonRpcMethod, stringifyJson } from './jsonRpc';
import { addressParam, configParam, requiredParam, toInteger, toSignature } from './rpcParams';
import type { SolanaLedger, TransactionRecord } from './solanaLedger';

/** One WebSocket connection's subscriptions: feed it text frames, close it with the socket. */
export interface SubscriptionSession {
  handle(text: string): void;
  close(): void;
}

/** Subscriptions one connection may hold at once. */
export const MAX_SUBSCRIPTIONS_PER_SOCKET = 256;

type Subscription = { kind: 'signature'; signature: string } | { kind: 'account'; address: Address; encoding: AccountEncoding } | { kind: 'slot' };

const SYSTEM_PROGRAM = '11111111111111111111111111111111' as Address;

/**
 * Serves the PubSub methods of a Solana node over one connection: `signatureSubscribe`
 * (one notification, then removed, as the node does), `accountSubscribe` (each landed
 * transaction that writes the account) and `slotSubscribe`. `nextId` numbers subscriptions
 * across all connections.
 */
export function createSubscriptionSession(ledger: SolanaLedger, send: (text: string) => void, nextId: () => number): SubscriptionSession {
  const subscriptions = new Map<number, Subscription>();
  // Notifications owed for a subscription that is already satisfied go out after its reply.
  const afterReply: (() => void)[] = [];
  const notify = (method: string, subscription: number, result: unknown) => send(stringifyJson({ jsonrpc: '2.0', method, params: { result, subscription } }));
  const signatureResult = (record: TransactionRecord) => ({ context: { slot: record.slot }, value: { err: record.err?.json ?? null } });

  const add = (subscription: Subscription) => {
    if (subscriptions.size >= MAX_SUBSCRIPTIONS_PER_SOCKET) throw new JsonRpcError(-32000, `Too many subscriptions on this connection (max ${MAX_SUBSCRIPTIONS_PER_SOCKET})`);
    const id = nextId();
    subscriptions.set(id, subscription);
    return id;
  };
  const remove =
    (kind: Subscription['kind']): JsonRpcMethod =>
    (params) => {
      const id = toInteger(requiredParam(params, 0, 'subscription id'), 'subscription id');
      if (subscriptions.get(id)?.kind !== kind) throw new JsonRpcError(-32602, 'Invalid subscription id.');
      subscriptions.delete(id);
      return true;
    };
  const accountValue = (address: Address, encoding: AccountEncoding) => {
    const account = ledger.account(address);
    const closed: EncodedAccount = { address, lamports: 0n as Lamports, programAddress: SYSTEM_PROGRAM, data: new Uint8Array(), executable: false, space: 0n };
    return encodeExistingAccount(account.exists ? account : closed, encoding);
  };

  const methods = new Map<string, JsonRpcMethod>([
    [
      'signatureSubscribe',
      (params) => {
        const signature = toSignature(requiredParam(params, 0, 'signature'), 'signature');
        configParam(params, 1);
        const id = add({ kind: 'signature', signature });
        const record = ledger.record(signature);
        if (record) {
          subscriptions.delete(id);
          afterReply.push(() => notify('signatureNotification', id, signatureResult(record)));
        }
        return id;
      },
    ],
    ['signatureUnsubscribe', remove('signature')],
    [
      'accountSubscribe',
      (params) => {
        const address = addressParam(params, 0);
        const encoding = accountEncodingOption(configParam(params, 1));
        // Refuse now an encoding the account's data cannot use, rather than fail each notification.
        accountValue(address, encoding);
        return add({ kind: 'account', address, encoding });
      },
    ],
    ['accountUnsubscribe', remove('account')],
    ['slotSubscribe', () => add({ kind: 'slot' })],
    ['slotUnsubscribe', remove('slot')],
  ]);

  const stopListening = ledger.onCommit((record) => {
    const slot = ledger.slot();
    // A failed transaction only writes its fee payer.
    const written = record.err ? new Set([record.keys.all[0]]) : record.keys.writable;
    for (const [id, subscription] of subscriptions) {
      if (subscription.kind === 'signature' && subscription.signature === record.signature) {
        subscriptions.delete(id);
        notify('signatureNotification', id, signatureResult(record));
      } else if (subscription.kind === 'account' && written.has(subscription.address)) {
        try {
          notify('accountNotification', id, { context: { slot: record.slot }, value: accountValue(subscription.address, subscription.encoding) });
        } catch {
          // The data outgrew a base58 encoding; this subscription cannot be served any more.
          subscriptions.delete(id);
        }
      } else if (subscription.kind === 'slot') {
        notify('slotNotification', id, { parent: slot - 1n, root: slot - 1n, slot });
      }
    }
  });

  return {
    handle(text) {
      const reply = answerJsonRpc(text, methods);
      if (reply !== undefined) send(reply);
      for (const notification of afterReply.splice(0)) notification();
    },
    close() {
      stopListening();
      subscriptions.clear();
      afterReply.length = 0;
    },
  };
}
