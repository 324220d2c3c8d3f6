export { anvilBinary, startAnvil } from './startAnvil';
export type { AnvilNode } from './startAnvil';
