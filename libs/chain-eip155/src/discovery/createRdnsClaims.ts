import type { ConnectorRegistry, Logger, WalletSlots } from '@portico/kernel';
import type { Eip1193Provider } from './Eip1193Provider';
import type { AnnouncedWallet } from './parseAnnouncement';

/** A wallet the eip155 adapter can connect, under its connector id. */
export interface ListedWallet {
  readonly id: string;
  readonly provider: Eip1193Provider;
  /** The rdns an announced wallet claimed; undefined for the legacy and attached providers. */
  readonly rdns?: string | undefined;
}

/** What the claims need from the adapter. */
export interface RdnsClaimsParts {
  connectors: ConnectorRegistry;
  logger: Logger;
  pluginId: string;
  namespace: string;
  slots: WalletSlots<ListedWallet>;
  /** A second provider claimed `rdns`: whatever was restored silently for it must go. */
  onContested(rdns: string): void;
}

/**
 * The EIP-6963 wallets by the rdns they claim. rdns is self-asserted, so the first provider to
 * announce one does not own it: when a second provider (another object, whatever its uuid)
 * claims a known rdns, every claimant is relisted as `rdns#n` marked `contested` — the user
 * sees all of them with a warning and picks one, and none answers to the bare rdns, so a
 * remembered connection never reconnects silently to either. A re-announcement of the same
 * provider is not a claim. Only an uncontested wallet may join another plugin's entry, and only
 * on a mutual link (`ConnectorRegistry.sameWalletId`), never on a copied name or icon.
 */
export function createRdnsClaims(parts: RdnsClaimsParts) {
  const { connectors, logger, slots } = parts;
  const claims = new Map<string, AnnouncedWallet[]>();
  const rdnsOfSource = new WeakMap<object, string>();
  const listings = new Map<AnnouncedWallet, { id: string; wallet: ListedWallet; off: () => void }>();

  const list = (claim: AnnouncedWallet, contested: boolean, n: number) => {
    const evidence = contested ? undefined : { wallet: claim.source, linked: claim.linkedWallets };
    const id = (evidence && connectors.sameWalletId(evidence, parts.pluginId)) || (contested ? `${claim.rdns}#${n}` : claim.rdns);
    let off: () => void;
    try {
      if (slots.has(id)) throw new Error(`"${id}" is taken`);
      off = connectors.register(
        { id, name: claim.name, type: 'ANNOUNCED', namespaces: [parts.namespace], icon: claim.icon, rdns: claim.rdns, ...(contested ? { contested: true } : {}) },
        parts.pluginId,
        evidence,
      );
    } catch (error) {
      logger.warn(`Ignored the EIP-6963 wallet ${claim.rdns}`, error);
      return;
    }
    const wallet: ListedWallet = Object.freeze({ id, provider: claim.provider, rdns: claim.rdns });
    slots.set(id, wallet);
    listings.set(claim, { id, wallet, off });
  };

  const isContested = (rdns: string | undefined) => rdns !== undefined && (claims.get(rdns)?.length ?? 0) > 1;

  const unlist = (claim: AnnouncedWallet) => {
    const listing = listings.get(claim);
    if (!listing) return;
    listings.delete(claim);
    slots.delete(listing.id, listing.wallet);
    listing.off();
  };

  return {
    /** Lists an announced wallet, or turns its rdns into a conflict shown to the user. */
    add(claim: AnnouncedWallet): void {
      const claimed = rdnsOfSource.get(claim.source);
      if (claimed !== undefined) {
        if (claimed !== claim.rdns) logger.warn(`Ignored an EIP-6963 provider announcing itself as ${claim.rdns} after ${claimed}`);
        return;
      }
      rdnsOfSource.set(claim.source, claim.rdns);
      const claimants = [...(claims.get(claim.rdns) ?? []), claim];
      claims.set(claim.rdns, claimants);
      if (claimants.length === 1) return list(claim, false, 1);
      if (claimants.length === 2) {
        unlist(claimants[0]!);
        list(claimants[0]!, true, 1);
      }
      list(claim, true, claimants.length);
      logger.warn(`${claimants.length} EIP-6963 providers claim ${claim.rdns}: all are listed with a warning and none reconnects silently`);
      parts.onContested(claim.rdns);
    },
    /** Whether more than one provider claims `rdns`. */
    isContested,
    /** Whether a connector id (`rdns`, `rdns#n`, or a wallet listed under another id) belongs to a contested rdns. */
    isContestedId(id: string): boolean {
      return isContested(id.split('#')[0]) || isContested(slots.get(id)?.rdns);
    },
    dispose(): void {
      for (const claim of [...listings.keys()]) unlist(claim);
      claims.clear();
    },
  };
}
