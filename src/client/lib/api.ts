// The API fetcher (doc 1 §7): credentials always sent, JSON bodies, and a non-OK response becomes an
// Error whose message is "{status}: {body text}" (or the status text when the body is empty).
import type { ErrorBody } from '../../domain/errors';

export class ApiError extends Error {
  readonly status: number;
  readonly body: ErrorBody | null;
  constructor(status: number, text: string, body: ErrorBody | null) {
    super(`${status}: ${text}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
  /** The server's human message, for toasts and form errors. */
  get userMessage(): string {
    return this.body?.message ?? this.message.replace(/^\d+:\s*/, '');
  }
  get fieldErrors(): Record<string, string[]> {
    return this.body?.fieldErrors ?? {};
  }
}

export async function throwIfResNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const text = (await res.text()) || res.statusText;
  let body: ErrorBody | null = null;
  try {
    const parsed = JSON.parse(text);
    if (parsed && typeof parsed.message === 'string') body = parsed;
  } catch {
    // not JSON: keep the text
  }
  throw new ApiError(res.status, text, body);
}

/** How a request reaches the API: the browser's fetch, or on the server (entry-server.tsx) the app itself. */
export type ApiTransport = (url: string, init?: RequestInit) => Promise<Response>;

let transport: ApiTransport = (url, init) => fetch(url, init);

/** The server's page renderer sends the API calls a page makes to the app in-process (never over the network). */
export function setApiTransport(next: ApiTransport): void {
  transport = next;
}

/** fetch() for the API: every call in the client goes through it. */
export function apiFetch(url: string, init?: RequestInit): Promise<Response> {
  return transport(url, init);
}

/** GET a JSON resource, cancellable (react-query passes its signal). */
export async function getJson<T>(url: string, signal?: AbortSignal): Promise<T> {
  const res = await apiFetch(url, { credentials: 'include', signal });
  await throwIfResNotOk(res);
  return (await res.json()) as T;
}

export async function apiRequest<T = unknown>(method: string, url: string, data?: unknown): Promise<T> {
  const res = await apiFetch(url, {
    method,
    headers: data !== undefined ? { 'Content-Type': 'application/json' } : {},
    body: data !== undefined ? JSON.stringify(data) : undefined,
    credentials: 'include',
  });
  await throwIfResNotOk(res);
  if (res.status === 204) return undefined as T;
  const type = res.headers.get('content-type') ?? '';
  return (type.includes('application/json') ? res.json() : res.text()) as Promise<T>;
}

/** Upload a file as multipart/form-data. */
export async function apiUpload<T = unknown>(
  url: string,
  field: string,
  file: Blob,
  filename = 'upload',
): Promise<T> {
  const form = new FormData();
  form.append(field, file, filename);
  const res = await apiFetch(url, { method: 'POST', body: form, credentials: 'include' });
  await throwIfResNotOk(res);
  return res.json() as Promise<T>;
}

/** The message to show a person for any thrown error. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.userMessage || fallback;
  return fallback;
}

export function isUnauthorized(error: unknown): boolean {
  return error instanceof ApiError ? error.status === 401 : /^401: /.test(String((error as Error)?.message));
}
