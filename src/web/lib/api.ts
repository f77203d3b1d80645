/**
 * The one fetch client of the web app: sends the session cookie, speaks JSON, and turns every failure
 * into an ApiError carrying the server's one error shape, `{message, code, fieldErrors}`.
 */
export const NETWORK_ERROR_MESSAGE = 'Something went wrong. Please try again.';

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fieldErrors?: Record<string, string[]>;

  constructor(status: number, message: string, code: string, fieldErrors?: Record<string, string[]>) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fieldErrors = fieldErrors;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

type UnauthorizedHandler = () => void;
let onUnauthorized: UnauthorizedHandler | undefined;

/** The app registers what a 401 outside /api/auth/* does (clear the cached user, go to /login). */
export function setUnauthorizedHandler(handler: UnauthorizedHandler | undefined): void {
  onUnauthorized = handler;
}

/**
 * Asks the person for a second factor (the signed-in app registers a dialog): resolves true once they
 * proved it, false when they gave up.
 */
type SecondFactorHandler = () => Promise<boolean>;
let askSecondFactor: SecondFactorHandler | undefined;

/** The app registers how to ask for a fresh second factor when a change needs one. */
export function setSecondFactorHandler(handler: SecondFactorHandler | undefined): void {
  askSecondFactor = handler;
}

/** The server's answer when a change needs a second factor proved in the last minutes. */
const FRESH_SECOND_FACTOR = 'fresh_two_factor_required';

export interface RequestOptions {
  signal?: AbortSignal;
  /** Set on the one retry after the person proved a second factor (never asked twice). */
  afterSecondFactor?: boolean;
}

async function readError(response: Response): Promise<ApiError> {
  const text = await response.text().catch(() => '');
  try {
    const body = JSON.parse(text) as { message?: unknown; code?: unknown; fieldErrors?: unknown };
    if (body && typeof body.message === 'string') {
      const fieldErrors =
        body.fieldErrors && typeof body.fieldErrors === 'object'
          ? (body.fieldErrors as Record<string, string[]>)
          : undefined;
      const code = typeof body.code === 'string' ? body.code : `http_${response.status}`;
      return new ApiError(response.status, body.message, code, fieldErrors);
    }
  } catch {
    // Not JSON (a proxy page, for instance): fall through to the generic message, "status: body".
  }
  return new ApiError(
    response.status,
    `${response.status}: ${text || response.statusText}`,
    `http_${response.status}`,
  );
}

export async function request<T>(
  method: string,
  path: string,
  body?: unknown,
  options: RequestOptions = {},
): Promise<T> {
  const hasBody = body !== undefined;
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      // The server's CSRF guard: a JSON content type exactly when there is a body, none otherwise.
      headers: hasBody
        ? { 'Content-Type': 'application/json', Accept: 'application/json' }
        : { Accept: 'application/json' },
      body: hasBody ? JSON.stringify(body) : undefined,
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, NETWORK_ERROR_MESSAGE, 'network_error');
  }

  if (!response.ok) {
    const error = await readError(response);
    if (response.status === 401 && !path.startsWith('/api/auth/')) onUnauthorized?.();
    // A change that needs a recent second factor: ask for it, then make the same request once more.
    if (error.code === FRESH_SECOND_FACTOR && askSecondFactor && !options.afterSecondFactor) {
      if (await askSecondFactor())
        return request<T>(method, path, body, { ...options, afterSecondFactor: true });
    }
    throw error;
  }
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  if (!text) return undefined as T;
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new ApiError(response.status, NETWORK_ERROR_MESSAGE, 'invalid_response');
  }
}

export const api = {
  get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, undefined, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('POST', path, body, options),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PUT', path, body, options),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('PATCH', path, body, options),
  delete: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('DELETE', path, body, options),
};

/** The message to show for any thrown value, with a fallback for errors that carry none. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.message) return error.message;
  return fallback;
}
