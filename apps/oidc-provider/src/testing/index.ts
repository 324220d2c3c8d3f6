export { signInAt } from './signInAt';
export type { StandInAnswer } from './signInAt';
export { approveFarcaster } from './approveFarcaster';
