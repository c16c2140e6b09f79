/**
 * Media in results (base64 images, audio, blobs) as object URLs: bytes in a `Blob` rather than
 * megabytes of `data:` attribute, and each URL revoked when its view goes away.
 * @module
 */
import { useEffect, useState } from 'preact/hooks';

/** The bytes of base64 text (whitespace ignored), or `undefined` when it is not base64. */
export function base64Bytes(data: string): Uint8Array<ArrayBuffer> | undefined {
  const compact = data.replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(compact) || compact.length % 4 === 1) return undefined;
  try {
    const binary = atob(compact);
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    return bytes;
  } catch {
    return undefined;
  }
}

/** A file name for a resource's URI: its last path segment, else `resource`. */
export function fileName(uri: string): string {
  const last = uri.split(/[?#]/)[0]!.split('/').filter(Boolean).pop() ?? '';
  const clean = last.replace(/[^\w.-]+/g, '_').slice(0, 100);
  return clean === '' || /^[._]+$/.test(clean) ? 'resource' : clean;
}

/** An object URL of base64 `data` typed `mimeType`, revoked on unmount; `undefined` while none. */
export function useObjectUrl(data: string, mimeType: string): { url?: string; error?: string } {
  const [made, setMade] = useState<{ url?: string; error?: string }>({});
  useEffect(() => {
    const bytes = base64Bytes(data);
    if (bytes === undefined) {
      setMade({ error: 'its data is not base64' });
      return;
    }
    const url = URL.createObjectURL(new Blob([bytes], { type: mimeType }));
    setMade({ url });
    return () => URL.revokeObjectURL(url);
  }, [data, mimeType]);
  return made;
}
