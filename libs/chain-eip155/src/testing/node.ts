export { anvilBinary, startAnvil } from './startAnvil';
export type { AnvilNode } from './startAnvil';
export { compileTestContracts, testContract } from './compileTestContracts';
export type { CompiledContract } from './compileTestContracts';
