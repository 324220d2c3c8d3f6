import EventEmitter from 'eventemitter3';
import type { Logger } from '../logger/createLogger';
import type { PorticoEvents } from './PorticoEvents';

/** Removes the listener it was returned for. Calling it twice is harmless. */
export type Unsubscribe = () => void;

/** A typed publish/subscribe bus for facts between plugins. */
export interface EventBus<E extends object = PorticoEvents> {
  on<K extends keyof E & string>(name: K, listener: (payload: E[K]) => void): Unsubscribe;
  once<K extends keyof E & string>(name: K, listener: (payload: E[K]) => void): Unsubscribe;
  emit<K extends keyof E & string>(name: K, payload: E[K]): void;
  listenerCount(name: keyof E & string): number;
  /** Removes every listener (kernel dispose). */
  clear(): void;
}

/**
 * Creates an event bus over eventemitter3. A listener that throws is logged and skipped;
 * the other listeners still run (one plugin's bug never breaks another's).
 */
export function createEventBus<E extends object = PorticoEvents>(logger?: Logger): EventBus<E> {
  const emitter = new EventEmitter();

  const guard = (name: string, listener: (payload: unknown) => void) => (payload: unknown) => {
    try {
      listener(payload);
    } catch (error) {
      logger?.error(`Listener for "${name}" threw`, error);
    }
  };

  return {
    on(name, listener) {
      const wrapped = guard(name, listener as (payload: unknown) => void);
      emitter.on(name, wrapped);
      return () => void emitter.off(name, wrapped);
    },
    once(name, listener) {
      const wrapped = guard(name, listener as (payload: unknown) => void);
      emitter.once(name, wrapped);
      return () => void emitter.off(name, wrapped);
    },
    emit(name, payload) {
      emitter.emit(name, payload);
    },
    listenerCount(name) {
      return emitter.listenerCount(name);
    },
    clear() {
      emitter.removeAllListeners();
    },
  };
}
