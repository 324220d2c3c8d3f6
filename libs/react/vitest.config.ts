import { vitestWithStories } from '../../tools/storybook/vitestWithStories.mjs';

export default vitestWithStories(import.meta.url);
