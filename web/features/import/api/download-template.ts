// GET /api/oops/import/template.csv needs the bearer token, which a plain link cannot send: fetched as a Blob.
import { readToken } from '../../../lib/session/token-storage';
import { ApiError } from '../../../lib/transport';

export async function downloadTemplate(): Promise<void> {
  const token = readToken();
  const response = await fetch('/api/oops/import/template.csv', {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  }).catch(() => null);
  if (!response?.ok)
    throw new ApiError('http', 'The template could not be downloaded.', response?.status ?? 0);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = 'oops-import-template.csv';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
