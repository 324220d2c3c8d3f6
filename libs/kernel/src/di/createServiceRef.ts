/**
 * A typed handle for a service: its id is the DI token (a string, so it survives
 * minification and names the service in errors), `T` is carried in the type only.
 */
export interface ServiceRef<T> {
  readonly id: string;
  /** Phantom field for type inference; always undefined at run time. */
  readonly __type?: T;
}

const SERVICE_ID = /^[a-z0-9][a-z0-9.-]*(\/[a-z0-9][a-z0-9.-]*)+$/;

/**
 * Creates a service ref. Ids are `<owner>/<name>` (`rewards/points-service`), so two plugins
 * cannot collide by accident. Use `@inject(ref.id)` on constructor parameters.
 */
export function createServiceRef<T>(id: string): ServiceRef<T> {
  if (!SERVICE_ID.test(id)) {
    throw new TypeError(`Service ref id "${id}" must look like "owner/name" (lowercase, digits, . and -)`);
  }
  return Object.freeze({ id }) as ServiceRef<T>;
}
