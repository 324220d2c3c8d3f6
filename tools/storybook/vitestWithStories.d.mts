import type { ViteUserConfig } from 'vitest/config';

/** The vitest config of a package with a Storybook: unit tests plus every story in Chromium. */
export function vitestWithStories(packageUrl: string): ViteUserConfig;
