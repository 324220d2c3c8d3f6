/** An error answer of the auth service: its message (e.g. `Invalid code`, `origin not allowed`) and status. */
export class AuthServiceError extends Error {
  override name = 'AuthServiceError';
  constructor(
    message: string,
    readonly status: number,
    readonly body: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

/** The frame's client of the auth service: every request names the project and the host page's origin. */
export function createAuthClient(options: { authUrl: string; projectId: string; hostOrigin: string; token: () => string | undefined }) {
  const base = options.authUrl.replace(/\/$/, '');
  return async function call<T = Record<string, unknown>>(method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown): Promise<T> {
    const token = options.token();
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, {
        method,
        credentials: 'omit',
        headers: {
          'x-portico-project': options.projectId,
          'x-portico-origin': options.hostOrigin,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    } catch {
      throw new AuthServiceError('The sign-in service cannot be reached', 0);
    }
    if (response.status === 204) return undefined as T;
    const answer = (await response.json().catch(() => ({}))) as Record<string, unknown>;
    if (!response.ok) throw new AuthServiceError(typeof answer.error === 'string' ? answer.error : `HTTP status code: ${response.status}`, response.status, answer);
    return answer as T;
  };
}
