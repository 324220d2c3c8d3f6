import { mountWith } from './withPlugins';

// The feature variants' host with no feature plugin: their first-load cost is measured against
// it, so what differs is only the plugins' lines.
mountWith([]);
