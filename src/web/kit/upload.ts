import { API_TIMEOUT_MS, ERROR_TOAST_MS } from '../../shared/constants';
import { toastError } from '../api/feedback';
import { ApiError } from '../api/request';
import { getToken } from '../api/token';
import { apiLanguage } from '../i18n';

export interface Uploaded {
  url: string;
}

/** Sends a file to POST /admin/upload (multipart); the server checks its type and size. */
export function uploadFile(file: File, kind: 'image' | 'import' = 'image'): Promise<Uploaded> {
  return postFile<Uploaded>(`/admin/upload?kind=${kind}`, file);
}

/** Sends one file as multipart to a call, and answers its data (errors shown and thrown). */
export async function postFile<T>(url: string, file: File): Promise<T> {
  const form = new FormData();
  form.append('file', file);
  const token = getToken();
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'accept-language': apiLanguage(),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: form,
    signal: AbortSignal.timeout(API_TIMEOUT_MS),
  });
  const envelope = (await response.json()) as { code: number; msg?: string; data: T };
  if (envelope.code !== 200) {
    toastError(envelope.msg || 'Error', ERROR_TOAST_MS);
    throw new ApiError(envelope.code, envelope.msg || 'Error', envelope.data);
  }
  return envelope.data;
}

export const uploadImage = (file: File) => uploadFile(file, 'image');
