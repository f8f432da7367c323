// The one API client: plain fetch to /api with JSON, the bearer token from
// the session, and an ApiError carrying the server's message and field
// errors, so forms can show each message by its field.
import { clearSession, getToken } from './session';
import { getLang } from '@/i18n';

export class ApiError extends Error {
  readonly status: number;
  readonly errors: Record<string, string>;
  /** code names a case the page answers with its own help (for example
   * two_step_required), '' for most errors. */
  readonly code: string;

  constructor(status: number, message: string, errors: Record<string, string> = {}, code = '') {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.errors = errors;
    this.code = code;
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
}

export interface ApiResponse<T> {
  data: T;
  status: number;
  headers: Headers;
}

/** apiRequest calls /api{path} and resolves with the parsed JSON answer. */
export async function apiRequest<T>(path: string, opts: RequestOptions = {}): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': getLang() };
  if (opts.body !== undefined) headers['Content-Type'] = 'application/json';
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let res: Response;
  try {
    res = await fetch(`/api${path}`, {
      method: opts.method ?? 'GET',
      headers,
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      signal: opts.signal,
    });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new ApiError(0, 'Network error: ' + (err instanceof Error ? err.message : String(err)));
  }
  const text = await res.text();
  let data: unknown = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = null;
    }
  }
  if (!res.ok) {
    // Field errors come as `errors` or, from the site content API, `fields`.
    const body = (data ?? {}) as { message?: unknown; errors?: unknown; fields?: unknown; code?: unknown };
    const fields = body.errors ?? body.fields;
    // A session the server no longer accepts (expired, revoked) is
    // forgotten here, so every page sees the visitor as signed out.
    if (res.status === 401 && token) clearSession();
    throw new ApiError(
      res.status,
      typeof body.message === 'string' ? body.message : '',
      fields && typeof fields === 'object' ? (fields as Record<string, string>) : {},
      typeof body.code === 'string' ? body.code : '',
    );
  }
  return { data: data as T, status: res.status, headers: res.headers };
}

/** api is the short form for callers that need only the body. */
export async function api<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  return (await apiRequest<T>(path, opts)).data;
}

/** messageOf returns the server's message, or the caller's fallback. */
export function messageOf(err: unknown, fallback: string): string {
  if (err instanceof ApiError && err.message) return err.message;
  return fallback;
}
