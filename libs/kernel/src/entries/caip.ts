/**
 * `@portico/kernel/caip`: CAIP-2 network ids, CAIP-10 account ids and CAIP-122 sign-in
 * messages (the fields, their checks, the text every chain's message shares).
 */
export { CAIP_NAMESPACE, isCaipAddress, isCaipNetworkId, parseCaipAddress, parseCaipNetworkId, toCaipAddress } from '../caip/caip';
export type { CaipAddress, CaipNetworkId } from '../caip/caip';
export { Caip122FieldError, caip122Header, checkCaip122Fields, formatCaip122Message, isCaip122Current } from '../caip/caip122';
export type { Caip122Fields } from '../caip/caip122';
