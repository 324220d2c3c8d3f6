/** What a pending request asks of the user: to sign a message, to send (or sign) a transaction, or something else. */
export type ApprovalKind = 'sign' | 'transaction' | 'other';

const SIGN = /(^personal_sign$|^eth_signTypedData(_v[34])?$|signMessage$)/;
const TRANSACTION = /(sendTransaction|signTransaction|signAllTransactions|signAndSendTransaction|signPsbt|sendTransfer|^wallet_sendCalls)$/;

/** The kind of a request by its method, for the approval view's title (small: the modal shell reads it). */
export function approvalKind(method: unknown): ApprovalKind {
  if (typeof method !== 'string') return 'other';
  if (SIGN.test(method)) return 'sign';
  if (TRANSACTION.test(method)) return 'transaction';
  return 'other';
}

/** The catalogue key of the approval view's title for a kind. */
export function approvalTitleKey(kind: ApprovalKind): 'approve.titleSign' | 'approve.title' | 'approve.titleOther' {
  return kind === 'sign' ? 'approve.titleSign' : kind === 'transaction' ? 'approve.title' : 'approve.titleOther';
}
