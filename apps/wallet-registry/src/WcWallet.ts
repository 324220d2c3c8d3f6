/**
 * One wallet as the explorer API serves it (snake_case, as on the wire).
 *
 * Shape taken from the public Reown AppKit source: `WcWallet`, `ApiGetWalletsRequest` and
 * `ApiGetWalletsResponse` in `reown-com/appkit` `packages/controllers/src/utils/TypeUtil.ts`,
 * and the calls in `packages/controllers/src/controllers/ApiController.ts`
 * (`GET {api}/getWallets`, `GET {api}/getWalletImage/{image_id}`). `supports_wc` comes from
 * the explorer's own listing; only fields seen in that code are used here.
 */
export interface WcWallet {
  id: string;
  name: string;
  homepage?: string | null;
  image_id?: string | null;
  image_url?: string | null;
  order?: number | null;
  mobile_link?: string | null;
  desktop_link?: string | null;
  webapp_link?: string | null;
  link_mode?: string | null;
  app_store?: string | null;
  play_store?: string | null;
  chrome_store?: string | null;
  rdns?: string | null;
  injected?: { namespace?: string; injected_id?: string }[] | null;
  supports_wc?: boolean;
  /** CAIP-2 chain ids the wallet supports. */
  chains?: string[];
}

/** The body of `GET /getWallets`: the total number of matches and one page of them. */
export interface WcWalletsPage {
  count: number;
  data: WcWallet[];
}
