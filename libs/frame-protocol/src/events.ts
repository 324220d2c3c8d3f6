import { z } from 'zod';

// The app events of the embedded wallet frame (SPEC §7), each with the payload the host sends
// and the payload the frame answers on success. Both sides validate with these schemas.

const caip2 = z.string().regex(/^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/, 'Expected a CAIP-2 network id such as eip155:1');
const email = z.email('Invalid email').max(254);
const otp = z.string().max(16);
const accountType = z.enum(['eoa', 'smartAccount']);
const address = z.string().min(1).max(128);
const empty = z.object({}).strict();

/** The Connected user (SPEC §3) as the frame reports it. */
export const frameUserSchema = z.object({
  email: email.optional(),
  userName: z.string().max(256).optional(),
  address,
  chainId: caip2,
  accounts: z.array(z.object({ address, type: accountType })).max(16),
  smartAccountDeployed: z.boolean().optional(),
  preferredAccountType: accountType.optional(),
});

const themeValue = z.union([z.string().max(256), z.number()]);

/** Every app event: `request` is what the host sends, `success` what the frame answers. */
export const APP_EVENTS = {
  SWITCH_NETWORK: { request: z.object({ chainId: caip2 }), success: z.object({ chainId: caip2 }) },
  CONNECT_EMAIL: { request: z.object({ email }), success: z.object({ action: z.enum(['VERIFY_DEVICE', 'VERIFY_OTP']) }) },
  CONNECT_DEVICE: { request: empty, success: empty },
  CONNECT_OTP: { request: z.object({ otp }), success: empty },
  CONNECT_SOCIAL: { request: z.object({ uri: z.url().max(4096) }), success: z.object({ email: email.optional(), userName: z.string().max(256).optional() }) },
  CONNECT_FARCASTER: { request: empty, success: z.object({ userName: z.string().max(256).optional() }) },
  GET_USER: { request: z.object({ chainId: caip2.optional(), preferredAccountType: accountType.optional() }), success: frameUserSchema },
  GET_SOCIAL_REDIRECT_URI: { request: z.object({ provider: z.enum(['google', 'github', 'apple', 'facebook', 'x', 'discord', 'farcaster']) }), success: z.object({ uri: z.url().max(4096) }) },
  SIGN_OUT: { request: empty, success: empty },
  IS_CONNECTED: { request: empty, success: z.object({ isConnected: z.boolean() }) },
  GET_CHAIN_ID: { request: empty, success: z.object({ chainId: caip2 }) },
  GET_SMART_ACCOUNT_ENABLED_NETWORKS: { request: empty, success: z.object({ smartAccountEnabledNetworks: z.array(caip2).max(64) }) },
  INIT_SMART_ACCOUNT: { request: empty, success: z.object({ address, isDeployed: z.boolean() }) },
  SET_PREFERRED_ACCOUNT: { request: z.object({ type: accountType }), success: z.object({ type: accountType, address }) },
  RPC_REQUEST: {
    request: z.object({ chainId: caip2, method: z.string().min(1).max(128), params: z.unknown().optional() }),
    success: z.object({ result: z.unknown() }),
  },
  UPDATE_EMAIL: { request: z.object({ email }), success: z.object({ action: z.enum(['VERIFY_PRIMARY_OTP', 'VERIFY_SECONDARY_OTP']) }) },
  UPDATE_EMAIL_PRIMARY_OTP: { request: z.object({ otp }), success: empty },
  UPDATE_EMAIL_SECONDARY_OTP: { request: z.object({ otp }), success: z.object({ newEmail: email }) },
  SYNC_THEME: { request: z.object({ themeMode: z.enum(['light', 'dark']), themeVariables: z.record(z.string().max(64), themeValue).optional() }), success: empty },
  SYNC_DAPP_DATA: {
    request: z.object({
      projectId: z.string().min(1).max(128),
      sdkVersion: z.string().min(1).max(64),
      metadata: z.object({ name: z.string().max(256), description: z.string().max(1024), url: z.url().max(2048), icons: z.array(z.url().max(2048)).max(8) }).optional(),
    }),
    success: empty,
  },
  RELOAD: { request: empty, success: empty },
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
