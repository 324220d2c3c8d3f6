import * as z from 'zod/mini';
import type { Unsubscribe } from '../events/createEventBus';
import { PorticoError } from '../errors/PorticoError';
import type { ContributionRegistry } from '../contributions/ContributionRegistry';
import { contributionId, namespaceId } from '../manifest/contributionSchemas';
import { safeParseWith } from '../schema/formatIssues';
import { checkLink } from './safeUrls';
import { createObservable, type Observable } from '../state/createObservable';
import { CONNECTOR_GROUPS, CONNECTOR_TYPES, defaultConnectorGroup, type ConnectorGroup, type ConnectorType } from '../taxonomy/connectors';

/** A wallet a chain plugin can connect to. `name` and `icon` come from wallets: untrusted. */
export interface Connector {
  readonly id: string;
  readonly name: string;
  readonly type: ConnectorType;
  readonly namespaces: readonly string[];
  /** Untrusted image URL; the UI shows only `data:image/…` and `https:`. */
  readonly icon?: string | undefined;
  readonly rdns?: string | undefined;
  /** Defaults from the type (`defaultConnectorGroup`). */
  readonly group?: ConnectorGroup | undefined;
  readonly order?: number | undefined;
  /**
   * The connector that actually connects this entry: a directory wallet (featured, custom,
   * recommended, All Wallets) is reached through WalletConnect, so `via: 'walletConnect'`.
   */
  readonly via?: string | undefined;
  /**
   * The view the modal shows while connecting through this connector (WalletConnect's QR code),
   * when its plugin contributes it; otherwise the modal's own connecting view.
   */
  readonly view?: string | undefined;
  /** Deep links of a directory wallet (already checked: https or an app scheme; web only https). */
  readonly links?: ConnectorLinks | undefined;
  /**
   * Another wallet claims the same identity (e.g. one rdns announced by two providers): the
   * UI warns and connects only on the user's explicit choice; nothing reconnects silently.
   */
  readonly contested?: boolean | undefined;
}

/**
 * What stands behind a registration, to tell one multi-chain wallet from look-alikes: the
 * wallet object itself (an injected provider, a Wallet Standard wallet) and the objects that
 * wallet names as its own halves in other discovery protocols. Any page script can copy a
 * name, an icon or an rdns; it cannot make another wallet's object name it.
 */
export interface ConnectorEvidence {
  readonly wallet: object;
  readonly linked: readonly object[];
}

/** Where a directory wallet opens: its phone app, desktop app or web app. */
export interface ConnectorLinks {
  readonly mobile?: string | undefined;
  readonly desktop?: string | undefined;
  readonly web?: string | undefined;
  /** The app's App Store page (https): where a phone without the app is sent. */
  readonly appStore?: string | undefined;
  /** The app's Google Play page (https). */
  readonly playStore?: string | undefined;
}

/** A connector as listed: its group resolved and the plugin that registered it. */
export type RegisteredConnector = Connector & { readonly group: ConnectorGroup; readonly pluginId: string };

/** A connector failed validation (a page announced something malformed). */
export class ConnectorInvalidError extends PorticoError {
  override name = 'ConnectorInvalidError';
  constructor(problems: string) {
    super(`Invalid connector: ${problems}`, { code: 'kernel/connector-invalid' });
  }
}

/** A deep link: https or an app scheme (`app`), https only (`web`); never a script-running scheme. */
const link = (kind: 'app' | 'web') =>
  z.string().check(
    z.maxLength(2000),
    z.refine((value) => checkLink(value, kind).ok, kind === 'app' ? 'Must be an https or app-scheme link' : 'Must be an https link'),
  );

const connectorSchema = z.object({
  id: z.string().check(z.minLength(1), z.maxLength(200)),
  name: z.string().check(z.minLength(1), z.maxLength(100)),
  type: z.enum(CONNECTOR_TYPES),
  namespaces: z.array(namespaceId).check(z.minLength(1)),
  icon: z.optional(z.string().check(z.maxLength(200_000))),
  rdns: z.optional(z.string().check(z.maxLength(200))),
  group: z.optional(z.enum(CONNECTOR_GROUPS)),
  order: z.optional(z.number()),
  via: z.optional(z.string().check(z.minLength(1), z.maxLength(200))),
  view: z.optional(contributionId),
  contested: z.optional(z.boolean()),
  links: z.optional(
    z.object({
      mobile: z.optional(link('app')),
      desktop: z.optional(link('app')),
      web: z.optional(link('web')),
      appStore: z.optional(link('web')),
      playStore: z.optional(link('web')),
    }),
  ),
});

/**
 * Connectors registered at run time by chain plugins (EIP-6963 announcements, Wallet
 * Standard wallets, WalletConnect, …). One id is one wallet: a second registration of an
 * id merges its namespaces (a multi-chain wallet seen by two chain plugins). Chain plugins
 * pick the shared id with `sameWalletId`, on evidence a look-alike cannot forge.
 */
export class ConnectorRegistry implements Observable<readonly RegisteredConnector[]> {
  /**
   * `sources`: the plugins' contributed connector groups (`contributes.connectorGroups`). A
   * connector that names no group takes the group (and, when it has no order, the order) of
   * its plugin's contribution for its type and namespaces; else the type's default group.
   */
  constructor(private readonly sources?: Pick<ContributionRegistry, 'list'>) {}

  private readonly entries = new Map<string, Map<string, RegisteredConnector>>();
  private readonly evidence = new Map<string, Map<string, ConnectorEvidence>>();
  private readonly state = createObservable<readonly RegisteredConnector[]>([]);

  /**
   * Validates and registers; returns the unregister function. Throws `ConnectorInvalidError`.
   * `evidence` (the wallet object behind it) lets other plugins find this wallet by identity.
   */
  register(connector: Connector, pluginId: string, evidence?: ConnectorEvidence): Unsubscribe {
    const parsed = safeParseWith(connectorSchema, connector);
    if (!parsed.ok) throw new ConnectorInvalidError(parsed.problems);
    const value = parsed.value;
    const source =
      value.group === undefined
        ? this.sources?.list('connectorGroups').find((g) => g.pluginId === pluginId && g.connectorType === value.type && (!g.namespaces || value.namespaces.some((ns) => g.namespaces!.includes(ns))))
        : undefined;
    // A validated copy, frozen: what was checked is what every reader sees.
    const entry: RegisteredConnector = Object.freeze({
      ...value,
      namespaces: Object.freeze([...value.namespaces]),
      ...(value.links ? { links: Object.freeze({ ...value.links }) } : {}),
      ...(value.order === undefined && source?.order !== undefined ? { order: source.order } : {}),
      group: value.group ?? source?.group ?? defaultConnectorGroup(value.type),
      pluginId,
    });
    const byPlugin = this.entries.get(value.id) ?? new Map<string, RegisteredConnector>();
    byPlugin.set(pluginId, entry);
    this.entries.set(value.id, byPlugin);
    const proofs = this.evidence.get(value.id) ?? new Map<string, ConnectorEvidence>();
    if (evidence) proofs.set(pluginId, { wallet: evidence.wallet, linked: Object.freeze([...evidence.linked]) });
    else proofs.delete(pluginId);
    this.evidence.set(value.id, proofs);
    this.publish();
    return () => {
      if (this.entries.get(value.id)?.get(pluginId) !== entry) return;
      byPlugin.delete(pluginId);
      proofs.delete(pluginId);
      if (byPlugin.size === 0) {
        this.entries.delete(value.id);
        this.evidence.delete(value.id);
      }
      this.publish();
    };
  }

  /**
   * The id of a connector another plugin registered for the same wallet: the very same wallet
   * object, or one that names this wallet among its linked objects while this one names it
   * back. A one-sided claim never matches (a copy can name any wallet); neither does a name or
   * an icon. Undefined when nothing, or more than one id, matches.
   */
  sameWalletId(evidence: ConnectorEvidence, pluginId: string): string | undefined {
    const matches = new Set<string>();
    for (const [id, proofs] of this.evidence) {
      // That id already holds a wallet of this plugin: joining it would make two wallets one.
      if (this.entries.get(id)?.has(pluginId)) continue;
      for (const [owner, other] of proofs) {
        if (owner === pluginId) continue;
        const same = other.wallet === evidence.wallet || (evidence.linked.includes(other.wallet) && other.linked.includes(evidence.wallet));
        if (same) matches.add(id);
      }
    }
    return matches.size === 1 ? [...matches][0] : undefined;
  }

  get(id: string): RegisteredConnector | undefined {
    return this.getSnapshot().find((c) => c.id === id);
  }

  getSnapshot(): readonly RegisteredConnector[] {
    return this.state.getSnapshot();
  }

  subscribe(listener: () => void): Unsubscribe {
    return this.state.subscribe(listener);
  }

  private publish(): void {
    const merged: RegisteredConnector[] = [];
    for (const byPlugin of this.entries.values()) {
      const [first, ...rest] = [...byPlugin.values()];
      if (!first) continue;
      const namespaces = Object.freeze([...new Set([first, ...rest].flatMap((c) => c.namespaces))]);
      const contested = rest.some((c) => c.contested) ? { contested: true } : {};
      merged.push(rest.length ? Object.freeze({ ...first, namespaces, type: 'MULTI_CHAIN' as const, ...contested }) : first);
    }
    this.state.set(merged);
  }
}
