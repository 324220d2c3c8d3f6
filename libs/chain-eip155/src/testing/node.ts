export { anvilBinary, startAnvil } from './startAnvil';
export type { AnvilNode } from './startAnvil';
export { compileTestContracts, testContract } from './compileTestContracts';
export type { CompiledContract } from './compileTestContracts';
export { deployTestTokens, installMulticall3, MULTICALL3_ADDRESS, TEST_DUCK_IMAGE } from './deployTestTokens';
export type { TestTokens } from './deployTestTokens';
export { installTestEns, startLocalMainnet, TEST_ENS_AVATAR, TEST_ENS_NAME } from './installTestEns';
export type { TestEnsRecord } from './installTestEns';
