// Kept with the kernel's other readings of a thrown value (`classifyError`), so they share one chunk.
export { toError } from '@portico/kernel/errors';
