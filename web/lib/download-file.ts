// The exports (the incidents' CSV, an incident's Markdown, the report's metrics CSV) are files, not JSON, and need
// the bearer token, which a plain link cannot send: they are fetched and handed to the browser as a Blob.
import { MESSAGES } from '../../common/domain/messages';
import { readToken } from './session/token-storage';
import { ApiError } from './transport';

async function errorText(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { error?: unknown };
    if (typeof body.error === 'string' && body.error) return body.error;
  } catch {
    // Not JSON: fall through to the status line.
  }
  return `Request failed (${response.status})`;
}

/** Fetches `path` with the session token and saves the answer as `fallbackName` (or the server's file name). */
export async function downloadFile(path: string, fallbackName: string): Promise<void> {
  const token = readToken();
  let response: Response;
  try {
    response = await fetch(path, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  } catch {
    throw new ApiError('network', MESSAGES.networkError);
  }
  if (!response.ok) throw new ApiError('http', await errorText(response), response.status);
  const blob = await response.blob();
  const disposition = response.headers.get('content-disposition') ?? '';
  const name = /filename="([^"]+)"/.exec(disposition)?.[1] ?? fallbackName;
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next tick: revoking at once can cancel the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
