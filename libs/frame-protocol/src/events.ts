import * as z from 'zod/mini';

// The app events of the embedded wallet frame (SPEC §7), each with the payload the host sends
// and the payload the frame answers on success. Both sides validate with these schemas.

const caip2 = z.string().check(z.regex(/^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/, 'Expected a CAIP-2 network id such as eip155:1'));
// A pragmatic address check (the auth service checks again): zod's own e-mail format would move its
// code into the host page's first load, beside the kernel's zod, though only this lazy code uses it.
const email = z.string().check(z.maxLength(254), z.regex(/^[^\s@<>()",;:]{1,64}@[^\s@<>()",;:]+\.[^\s@<>()",;:]+$/, 'Invalid email'));
const otp = z.string().check(z.maxLength(16));
const accountType = z.enum(['eoa', 'smartAccount']);
const address = z.string().check(z.minLength(1), z.maxLength(128));
const empty = z.strictObject({});
/** An absolute http(s) URL: the platform's parser (what zod's url() runs too), without zod's URL format module. */
const url = (max: number) => z.string().check(z.maxLength(max), z.refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), 'Expected an http(s) URL'));

/** The Connected user (SPEC §3) as the frame reports it. */
export const frameUserSchema = z.object({
  email: z.optional(email),
  userName: z.optional(z.string().check(z.maxLength(256))),
  address,
  chainId: caip2,
  accounts: z.array(z.object({ address, type: accountType })).check(z.maxLength(16)),
  smartAccountDeployed: z.optional(z.boolean()),
  preferredAccountType: z.optional(accountType),
});

const themeValue = z.union([z.string().check(z.maxLength(256)), z.number()]);

/** Every app event: `request` is what the host sends, `success` what the frame answers. */
export const APP_EVENTS = {
  SWITCH_NETWORK: { request: z.object({ chainId: caip2 }), success: z.object({ chainId: caip2 }) },
  CONNECT_EMAIL: { request: z.object({ email }), success: z.object({ action: z.enum(['VERIFY_DEVICE', 'VERIFY_OTP']) }) },
  CONNECT_DEVICE: { request: empty, success: empty },
  // `recovery`: this device holds no share of the key; `password` (a recovery password is set) or `unavailable` (none).
  CONNECT_OTP: { request: z.object({ otp }), success: z.object({ recovery: z.optional(z.enum(['password', 'unavailable'])) }) },
  CONNECT_SOCIAL: {
    request: z.object({ uri: url(4096) }),
    success: z.object({ email: z.optional(email), userName: z.optional(z.string().check(z.maxLength(256))), recovery: z.optional(z.enum(['password', 'unavailable'])) }),
  },
  CONNECT_FARCASTER: { request: empty, success: z.object({ userName: z.optional(z.string().check(z.maxLength(256))), recovery: z.optional(z.enum(['password', 'unavailable'])) }) },
  GET_USER: { request: z.object({ chainId: z.optional(caip2), preferredAccountType: z.optional(accountType) }), success: frameUserSchema },
  GET_SOCIAL_REDIRECT_URI: { request: z.object({ provider: z.enum(['google', 'github', 'apple', 'facebook', 'x', 'discord', 'farcaster']) }), success: z.object({ uri: url(4096) }) },
  SIGN_OUT: { request: empty, success: empty },
  IS_CONNECTED: { request: empty, success: z.object({ isConnected: z.boolean() }) },
  GET_CHAIN_ID: { request: empty, success: z.object({ chainId: caip2 }) },
  GET_SMART_ACCOUNT_ENABLED_NETWORKS: { request: empty, success: z.object({ smartAccountEnabledNetworks: z.array(caip2).check(z.maxLength(64)) }) },
  INIT_SMART_ACCOUNT: { request: empty, success: z.object({ address, isDeployed: z.boolean() }) },
  SET_PREFERRED_ACCOUNT: { request: z.object({ type: accountType }), success: z.object({ type: accountType, address }) },
  RPC_REQUEST: {
    request: z.object({ chainId: caip2, method: z.string().check(z.minLength(1), z.maxLength(128)), params: z.optional(z.unknown()) }),
    success: z.object({ result: z.unknown() }),
  },
  UPDATE_EMAIL: { request: z.object({ email }), success: z.object({ action: z.enum(['VERIFY_PRIMARY_OTP', 'VERIFY_SECONDARY_OTP']) }) },
  UPDATE_EMAIL_PRIMARY_OTP: { request: z.object({ otp }), success: empty },
  UPDATE_EMAIL_SECONDARY_OTP: { request: z.object({ otp }), success: z.object({ newEmail: email }) },
  // `locale` (beyond the spec): the modal's language, for the frame's own approval screen.
  SYNC_THEME: {
    request: z.object({ themeMode: z.enum(['light', 'dark']), themeVariables: z.optional(z.record(z.string().check(z.maxLength(64)), themeValue)), locale: z.optional(z.string().check(z.regex(/^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8}){0,4}$/, 'Expected a language tag'))) }),
    success: empty,
  },
  SYNC_DAPP_DATA: {
    request: z.object({
      projectId: z.string().check(z.minLength(1), z.maxLength(128)),
      sdkVersion: z.string().check(z.minLength(1), z.maxLength(64)),
      metadata: z.optional(z.object({ name: z.string().check(z.maxLength(256)), description: z.string().check(z.maxLength(1024)), url: url(2048), icons: z.array(url(2048)).check(z.maxLength(8)) })),
    }),
    success: empty,
  },
  RELOAD: { request: empty, success: empty },
  // Beyond the spec's list: every request waiting for the user's approval in the frame is refused
  // (4001), as when the user rejects it there; the host sends it when it stops showing the frame.
  CANCEL_APPROVALS: { request: empty, success: z.object({ cancelled: z.int().check(z.minimum(0)) }) },
  // Beyond the spec's list: the recovery factor of the key's third share (see apps/wallet-frame's README).
  GET_RECOVERY: { request: empty, success: z.object({ password: z.boolean() }) },
  SET_RECOVERY_PASSWORD: { request: z.object({ password: z.string().check(z.minLength(10), z.maxLength(256)) }), success: empty },
  RECOVER_WITH_PASSWORD: { request: z.object({ password: z.string().check(z.minLength(1), z.maxLength(256)) }), success: empty },
} as const;

/** The name of an app event. */
export type AppEventName = keyof typeof APP_EVENTS;
/** What the host sends with an event. */
export type AppEventRequest<E extends AppEventName> = z.input<(typeof APP_EVENTS)[E]['request']>;
/** What the frame answers on success. */
export type AppEventSuccess<E extends AppEventName> = z.output<(typeof APP_EVENTS)[E]['success']>;
/** The Connected user. */
export type FrameUser = z.output<typeof frameUserSchema>;

export const APP_EVENT_NAMES = Object.keys(APP_EVENTS) as AppEventName[];

/**
 * What the frame tells the host unasked (beyond the spec): `approvals`, how many requests wait
 * for the user's approval in the frame and the height its approval screen needs (0 when none
 * waits), so the host shows the frame, sized, in its approval view; `focus-leave`, the user
 * pressed Tab past the last (or Shift+Tab before the first) control of that screen, so the host
 * moves focus on in its dialog.
 */
export const FRAME_EVENTS = {
  approvals: z.object({ pending: z.int().check(z.minimum(0), z.maximum(1000)), height: z.number().check(z.minimum(0), z.maximum(4000)) }),
  'focus-leave': z.object({ direction: z.enum(['forward', 'backward']) }),
} as const;

/** The name of a frame event. */
export type FrameEventName = keyof typeof FRAME_EVENTS;
/** What a frame event carries. */
export type FrameEventPayload<N extends FrameEventName> = z.output<(typeof FRAME_EVENTS)[N]>;
export const FRAME_EVENT_NAMES = Object.keys(FRAME_EVENTS) as FrameEventName[];
