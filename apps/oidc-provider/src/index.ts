export { claimsFor, MISBEHAVING_LOGINS, startOidcProvider, STAND_IN_PROVIDERS } from './createOidcProvider';
export type { OidcProviderOptions, StandInClient, StandInProvider } from './createOidcProvider';
export { createFarcasterStandIn, FARCASTER_ID_REGISTRY, FARCASTER_MISBEHAVING, farcasterAccount } from './farcaster';
