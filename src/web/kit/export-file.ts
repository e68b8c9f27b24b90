import { API_TIMEOUT_MS } from '../../shared/constants';
import { ApiError } from '../api/request';
import { getToken } from '../api/token';
import { apiLanguage } from '../i18n';

/**
 * Downloads a file a POST call streams (an .xlsx export), reporting bytes as they arrive, and
 * saves it under the name the server gives. Errors arrive as the usual envelope.
 */
export async function downloadFile(
  url: string,
  body: unknown,
  onProgress: (received: number, total: number | null) => void,
  signal?: AbortSignal,
): Promise<string> {
  const token = getToken();
  const timeout = AbortSignal.timeout(API_TIMEOUT_MS);
  // A form (a file with its fields) goes as multipart; anything else as JSON.
  const form = body instanceof FormData;
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'accept-language': apiLanguage(),
      ...(form ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: form ? body : JSON.stringify(body),
    signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
  });
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('application/json')) {
    const envelope = (await response.json()) as { code: number; msg?: string; data?: unknown };
    throw new ApiError(envelope.code, envelope.msg || 'Error', envelope.data ?? null);
  }
  if (!response.ok || !response.body) throw new ApiError(response.status, response.statusText);
  const length = Number(response.headers.get('content-length'));
  const total = Number.isFinite(length) && length > 0 ? length : null;
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.byteLength;
    onProgress(received, total);
  }
  const disposition = response.headers.get('content-disposition') ?? '';
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  const plain = /filename="?([^";]+)"?/i.exec(disposition)?.[1];
  const name = encoded ? decodeURIComponent(encoded) : (plain ?? 'export.xlsx');
  const blob = new Blob(chunks as BlobPart[], { type: type || 'application/octet-stream' });
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
  return name;
}
