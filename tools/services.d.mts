/** A running local service. */
export interface LocalService {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

/** Starts the reference Sign-in-with-X server on a free port. */
export function startSiwxServer(options?: { allowedOrigins?: string[]; rpcUrls?: Record<number, string>; domain?: string }): Promise<LocalService>;
