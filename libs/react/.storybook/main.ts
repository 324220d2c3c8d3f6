import type { StorybookConfig } from '@storybook/react-vite';

/** Storybook for the core views and the modal shell, each rendered with a real Portico instance. */
const config: StorybookConfig = {
  stories: ['../src/**/*.stories.@(ts|tsx)'],
  addons: ['@storybook/addon-vitest'],
  framework: { name: '@storybook/react-vite', options: {} },
  core: { disableTelemetry: true },
  // react-docgen's Babel parser rejects the kernel's `@injectable() export class` (legacy
  // decorators); the stories need no generated prop tables.
  typescript: { reactDocgen: false },
};

export default config;
