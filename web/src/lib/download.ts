// Files from the API (receipt PDFs, CSV statements, multipart answers): a
// fetch with the session's token, whose failure is an ApiError like every
// other call's, and the hand-over of a downloaded file to the browser.
import { ApiError } from './api';
import { getToken } from './session';

/** fetchFile calls /api{path} with the session's token and returns the
 * response, or throws an ApiError with the server's message and fields. */
export async function fetchFile(path: string, init: RequestInit = {}): Promise<Response> {
  const token = getToken();
  const headers = new Headers(init.headers);
  if (token) headers.set('Authorization', `Bearer ${token}`);
  let res: Response;
  try {
    res = await fetch(`/api${path}`, { ...init, headers });
  } catch (err) {
    throw new ApiError(0, 'Network error: ' + (err instanceof Error ? err.message : String(err)));
  }
  if (!res.ok) {
    let body: { message?: unknown; errors?: unknown } = {};
    try {
      body = (await res.json()) as typeof body;
    } catch {
      /* not JSON */
    }
    const errors = body.errors && typeof body.errors === 'object' ? (body.errors as Record<string, string>) : {};
    throw new ApiError(res.status, typeof body.message === 'string' ? body.message : '', errors);
  }
  return res;
}

/** saveBlob hands a downloaded file to the browser under a name. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** receiptFileName turns a receipt number ("SPDC/2026-27/000001") into a file name. */
export function receiptFileName(number: string): string {
  return `receipt-${number.replace(/[^A-Za-z0-9-]+/g, '-')}.pdf`;
}
