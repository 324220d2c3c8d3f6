import { PorticoError } from './PorticoError';

/** The manifest (or a contribution in it) does not match its schema. */
export class ManifestInvalidError extends PorticoError {
  override name = 'ManifestInvalidError';
  constructor(readonly pluginId: string, problems: string) {
    super(`Plugin "${pluginId}" has an invalid manifest: ${problems}`, { code: 'kernel/manifest-invalid' });
  }
}

/** Two plugins with one id. */
export class DuplicatePluginError extends PorticoError {
  override name = 'DuplicatePluginError';
  constructor(readonly pluginId: string) {
    super(`Plugin "${pluginId}" is listed more than once`, { code: 'kernel/duplicate-plugin' });
  }
}

/** The plugin's `kernel` range does not include this kernel's version. */
export class KernelVersionMismatchError extends PorticoError {
  override name = 'KernelVersionMismatchError';
  constructor(readonly pluginId: string, range: string, kernelVersion: string) {
    super(`Plugin "${pluginId}" needs kernel ${range}, but this kernel is ${kernelVersion}`, {
      code: 'kernel/kernel-version-mismatch',
    });
  }
}

/** A required plugin is not installed. */
export class MissingDependencyError extends PorticoError {
  override name = 'MissingDependencyError';
  constructor(readonly pluginId: string, readonly dependencyId: string) {
    super(`Plugin "${pluginId}" requires "${dependencyId}", which is not installed`, {
      code: 'kernel/missing-dependency',
    });
  }
}

/** A required plugin is installed but its version is outside the requested range. */
export class DependencyVersionMismatchError extends PorticoError {
  override name = 'DependencyVersionMismatchError';
  constructor(readonly pluginId: string, readonly dependencyId: string, range: string, actual: string) {
    super(`Plugin "${pluginId}" requires "${dependencyId}" ${range}, but version ${actual} is installed`, {
      code: 'kernel/dependency-version-mismatch',
    });
  }
}

/** A required plugin is installed but turned off, failed, or was itself not resolvable. */
export class DependencyUnavailableError extends PorticoError {
  override name = 'DependencyUnavailableError';
  constructor(readonly pluginId: string, readonly dependencyId: string, reason: string) {
    super(`Plugin "${pluginId}" requires "${dependencyId}", which is ${reason}`, {
      code: 'kernel/dependency-unavailable',
    });
  }
}

/** Two enabled plugins declare a conflict. The later one in the host's list is dropped. */
export class PluginConflictError extends PorticoError {
  override name = 'PluginConflictError';
  constructor(readonly pluginId: string, readonly otherId: string) {
    super(`Plugin "${pluginId}" conflicts with "${otherId}"; only one of them can be enabled`, {
      code: 'kernel/plugin-conflict',
    });
  }
}

/** Plugins that require each other in a loop. */
export class DependencyCycleError extends PorticoError {
  override name = 'DependencyCycleError';
  constructor(readonly pluginId: string, readonly cycle: readonly string[]) {
    super(`Plugin "${pluginId}" is part of a dependency cycle: ${cycle.join(' → ')}`, {
      code: 'kernel/dependency-cycle',
    });
  }
}

/** A contribution id that another plugin already contributed to the same point. */
export class DuplicateContributionError extends PorticoError {
  override name = 'DuplicateContributionError';
  constructor(readonly pluginId: string, point: string, id: string, owner: string) {
    super(`Plugin "${pluginId}" contributes ${point} "${id}", which "${owner}" already contributes`, {
      code: 'kernel/duplicate-contribution',
    });
  }
}

/** `activate()` threw, rejected or timed out. The plugin is isolated; the rest keep working. */
export class PluginActivationError extends PorticoError {
  override name = 'PluginActivationError';
  constructor(readonly pluginId: string, cause: unknown, reason = 'failed to activate') {
    super(`Plugin "${pluginId}" ${reason}`, {
      code: 'kernel/plugin-activation-failed',
      cause,
      details: cause instanceof Error ? cause.message : String(cause),
    });
  }
}
