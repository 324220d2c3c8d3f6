import { truncateAddress, type ApprovalAction, type ApprovalText, type DecodeContext } from '@portico/core';
import { base58 } from '@scure/base';
import { addressDetail, amountDetail, amountText } from './approvalFormat';
import type { createMintInfo } from './mintInfo';
import type { CompiledInstruction, SolanaTransaction } from './parseSolanaTransaction';
import { TOKEN_PROGRAMS, tokenAccountOf, type AccountState } from './solanaAccounts';

const SYSTEM_PROGRAM = '11111111111111111111111111111111';
const COMPUTE_BUDGET_PROGRAM = 'ComputeBudget111111111111111111111111111111';
const ASSOCIATED_TOKEN_PROGRAM = 'ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL';
const U64_MAX = 2n ** 64n - 1n;
/** Programs named in "Run program …" (proper names, as wallets show them); others by their shortened address. */
const PROGRAM_NAMES: Readonly<Record<string, string>> = {
  [SYSTEM_PROGRAM]: 'System Program',
  TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA: 'Token Program',
  TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb: 'Token-2022 Program',
  [ASSOCIATED_TOKEN_PROGRAM]: 'Associated Token Account Program',
  MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr: 'Memo Program',
  Memo1UhkJRfHyvLMcVucJwxXeuD728EqVDDwQDxFMNo: 'Memo Program',
};

/** A transaction with what was read for it: its accounts (lookups resolved where they could be), the signer, the accounts' state before. */
export interface TransactionView {
  readonly tx: SolanaTransaction;
  /** Static keys, then the lookups' writable then read-only addresses (`undefined` where a table could not be read). */
  readonly keys: readonly (string | undefined)[];
  readonly signer: string;
  /** The accounts read before (sliced to 166 bytes); absent ones were not read. */
  readonly accounts: ReadonlyMap<string, AccountState | null>;
}

/** What instructions come to: the sentences, the risks, and the lamports the signer sends (the fee apart). */
export interface Described {
  readonly actions: ApprovalAction[];
  readonly risks: ApprovalText[];
  solOut: bigint;
}

const u32 = (data: Uint8Array, offset: number) => new DataView(data.buffer, data.byteOffset, data.byteLength).getUint32(offset, true);
const u64 = (data: Uint8Array, offset: number) => new DataView(data.buffer, data.byteOffset, data.byteLength).getBigUint64(offset, true);
const keyAt = (data: Uint8Array, offset: number) => base58.encode(data.subarray(offset, offset + 32));
const short = truncateAddress;
/** The associated token account program's Create (no data, or 0) and CreateIdempotent (1). */
const isAssociatedAccountCreation = (tx: SolanaTransaction, ix: CompiledInstruction) => tx.staticKeys[ix.programIndex] === ASSOCIATED_TOKEN_PROGRAM && ix.data.length <= 1 && (ix.data[0] ?? 0) <= 1;

/**
 * Puts a transaction's instructions in sentences: System transfers (and with seed), new accounts
 * and Assign; SPL Token / Token-2022 Transfer, TransferChecked, Approve, ApproveChecked, Revoke,
 * SetAuthority (to a new authority or to none), CloseAccount; Compute Budget, associated-account creation and nonce advances say nothing of
 * their own; any other instruction is "Run program …", once per program.
 */
export async function describeInstructions(view: TransactionView, ctx: DecodeContext, mints: ReturnType<typeof createMintInfo>, out: Described): Promise<void> {
  const { tx, keys, signer, accounts } = view;
  const native = ctx.network.nativeCurrency;
  const locale = ctx.locale;
  const programsNamed = new Set<string>();
  // A recipient's associated token account is often created in the same transaction: its owner is named there.
  const ataOwners = new Map<string, string>();
  for (const ix of tx.instructions) {
    const [ata, owner] = [keys[ix.accounts[1] ?? -1], keys[ix.accounts[2] ?? -1]];
    if (isAssociatedAccountCreation(tx, ix) && ata && owner) ataOwners.set(ata, owner);
  }
  const ownerOf = (tokenAccount: string) => ataOwners.get(tokenAccount) ?? tokenAccountOf(accounts.get(tokenAccount))?.owner ?? tokenAccount;

  const send = (from: string, to: string, value: bigint, decimals: number | undefined, symbol: string, token?: string) => {
    const vars = { amount: amountText(value, decimals, locale), symbol, to: short(to) };
    const mine = from === signer;
    out.actions.push({
      kind: 'send',
      text: mine ? { key: token ? 'approve.action.sendToken' : 'approve.action.sendNative', vars } : { key: 'approve.action.moveToken', vars: { ...vars, from: short(from) } },
      details: [...(token ? [addressDetail('approve.detail.token', token)] : []), ...(mine ? [] : [addressDetail('approve.detail.from', from)]), addressDetail('approve.field.to', to), amountDetail(value, decimals, symbol, locale)],
    });
  };
  const setAuthority = (account: string, to: string) => {
    out.actions.push({ kind: 'setAuthority', text: { key: 'approve.action.setAuthority', vars: { account: short(account), to: short(to) } }, details: [addressDetail('approve.detail.account', account), addressDetail('approve.field.to', to)] });
    if (to !== signer) out.risks.push({ key: 'approve.risk.authority', vars: { account: short(account), to: short(to) } });
  };

  /** SOL from `from` to `to`, when the instruction's data has its layout's length. */
  const sendSol = (from: string | undefined, to: string | undefined, data: Uint8Array, fits: boolean): boolean => {
    if (!from || !to || !fits) return false;
    const lamports = u64(data, 4);
    if (from === signer) out.solOut += lamports;
    send(from, to, lamports, native.decimals, native.symbol);
    return true;
  };

  const system = (ix: CompiledInstruction, at: (i: number) => string | undefined): boolean => {
    const { data } = ix;
    if (data.length < 4) return false;
    switch (u32(data, 0)) {
      case 0: // CreateAccount: lamports, space, owner; the new account's lamports come from the funder.
        return sendSol(at(0), at(1), data, data.length === 52);
      case 2: // Transfer: lamports.
        return sendSol(at(0), at(1), data, data.length === 12);
      case 11: // TransferWithSeed: lamports, seed, owner; from a derived account (0) to account 2.
        return sendSol(at(0), at(2), data, data.length >= 52);
      case 1: {
        // Assign: the account's owner program becomes the one named.
        const account = at(0);
        if (!account || data.length !== 36) return false;
        setAuthority(account, keyAt(data, 4));
        return true;
      }
      case 10: {
        // AssignWithSeed: base, seed, then the owner program last.
        const account = at(0);
        if (!account || data.length < 4 + 32 + 8 + 32) return false;
        setAuthority(account, keyAt(data, data.length - 32));
        return true;
      }
      case 4: {
        // AdvanceNonceAccount: a durable-nonce transaction, valid until someone advances the nonce, not for a minute or two as a blockhash is.
        if (data.length !== 4) return false;
        out.risks.push({ key: 'approve.risk.durableNonce' });
        return true;
      }
      default:
        return false;
    }
  };

  const token = async (ix: CompiledInstruction, at: (i: number) => string | undefined): Promise<boolean> => {
    const { data } = ix;
    const kind = data[0];
    const checked = kind === 12 || kind === 13;
    if ((kind === 3 || kind === 4) && data.length !== 9) return false;
    if (checked && data.length !== 10) return false;
    const source = at(0);
    const sourceAccount = source ? tokenAccountOf(accounts.get(source)) : undefined;
    const mint = checked ? at(1) : sourceAccount?.mint;
    if (kind === 6) {
      const account = at(0);
      if (account && data.length === 3 && data[2] === 0) {
        // No new authority: the authority is gone for good (a mint's supply fixed, an account's owner removed).
        out.actions.push({ kind: 'setAuthority', text: { key: 'approve.action.removeAuthority', vars: { account: short(account) } }, details: [addressDetail('approve.detail.account', account)] });
        return true;
      }
      if (!account || data.length !== 35 || data[2] !== 1) return false;
      setAuthority(account, keyAt(data, 3));
      return true;
    }
    if (kind === 9 && data.length === 1) {
      // CloseAccount: the token account goes, its rent (SOL) to the destination.
      const [account, to] = [at(0), at(1)];
      if (!account || !to) return false;
      out.actions.push({ kind: 'close', text: { key: 'approve.action.closeAccount', vars: { account: short(account), to: short(to) } }, details: [addressDetail('approve.detail.account', account), addressDetail('approve.field.to', to)] });
      return true;
    }
    if (!source || !mint || (kind !== 3 && kind !== 12 && kind !== 4 && kind !== 13 && !(kind === 5 && data.length === 1))) return false;
    const info = await mints.of(ctx.read, ctx.network.caipNetworkId, mint);
    const decimals = info.decimals ?? (checked ? data[9] : undefined);
    const symbol = info.symbol ?? short(mint);
    if (kind === 5) {
      const spender = sourceAccount?.delegate;
      out.actions.push({
        kind: 'revoke',
        text: spender ? { key: 'approve.action.revoke', vars: { spender: short(spender), symbol } } : { key: 'approve.action.revokeNone', vars: { symbol } },
        details: [addressDetail('approve.detail.token', mint), ...(spender ? [addressDetail('approve.detail.spender', spender)] : [])],
      });
      return true;
    }
    const amount = u64(data, 1);
    const other = at(checked ? 2 : 1);
    if (!other) return false;
    if (kind === 3 || kind === 12) {
      send(sourceAccount?.owner ?? at(checked ? 3 : 2) ?? source, ownerOf(other), amount, decimals, symbol, mint);
      if (sourceAccount?.owner === signer && amount > 0n && sourceAccount.amount === amount) out.risks.push({ key: 'approve.risk.wholeBalance', vars: { symbol } });
      return true;
    }
    const unlimited = amount === U64_MAX || (info.supply !== undefined && info.supply > 0n && amount > info.supply);
    const revoke = amount === 0n;
    const key = revoke ? 'approve.action.revoke' : unlimited ? 'approve.action.approveUnlimited' : 'approve.action.approve';
    out.actions.push({
      kind: revoke ? 'revoke' : 'approve',
      text: { key, vars: { spender: short(other), amount: unlimited ? '∞' : amountText(amount, decimals, locale), symbol } },
      details: [addressDetail('approve.detail.token', mint), addressDetail('approve.detail.spender', other), unlimited ? { label: 'approve.field.amount', value: `∞ (${amount.toString()})`, full: amount.toString(), ltr: true } : amountDetail(amount, decimals, symbol, locale)],
    });
    if (unlimited) out.risks.push({ key: 'approve.risk.unlimited', vars: { spender: short(other), symbol } });
    return true;
  };

  for (const ix of tx.instructions) {
    const program = tx.staticKeys[ix.programIndex]!;
    const at = (i: number) => keys[ix.accounts[i] ?? -1];
    if (program === COMPUTE_BUDGET_PROGRAM) continue;
    if (isAssociatedAccountCreation(tx, ix)) continue;
    const known = program === SYSTEM_PROGRAM ? system(ix, at) : TOKEN_PROGRAMS.has(program) ? await token(ix, at) : false;
    if (known || programsNamed.has(program)) continue;
    programsNamed.add(program);
    out.actions.push({ kind: 'call', text: { key: 'approve.action.program', vars: { program: PROGRAM_NAMES[program] ?? short(program) } }, details: [addressDetail('approve.detail.program', program)] });
  }
}
