import type { Messages } from './en';

/** Loads a locale's messages (a lazy chunk). */
export type LocaleLoader = () => Promise<{ default: Messages }>;
