export { claimsFor, startOidcProvider, STAND_IN_PROVIDERS } from './createOidcProvider';
export type { OidcProviderOptions, StandInClient, StandInProvider } from './createOidcProvider';
