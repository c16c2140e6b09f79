/**
 * Bytes the page shows or saves without putting them in its markup: base64 decoded into a
 * `Blob`, an object URL for an image or a download (revoked when no longer shown), and saving
 * text as a file. No `data:` URIs in attributes, nothing fetched.
 * @module
 */
import { useEffect, useState } from 'preact/hooks';

/** The bytes of base64 `data`; throws on text that is not base64. */
export function base64Bytes(data: string): Uint8Array<ArrayBuffer> {
  const binary = atob(data.replace(/\s+/g, ''));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** An object URL for base64 `data` of type `mime`, revoked on unmount; `undefined` when it is not base64. */
export function useObjectUrl(data: string, mime: string): string | undefined {
  const [url, setUrl] = useState<string | undefined>(undefined);
  useEffect(() => {
    let made: string | undefined;
    try {
      made = URL.createObjectURL(new Blob([base64Bytes(data)], { type: mime }));
    } catch {
      made = undefined;
    }
    setUrl(made);
    return () => {
      if (made !== undefined) URL.revokeObjectURL(made);
    };
  }, [data, mime]);
  return url;
}

/** Saves `text` as a file named `name` (the browser's download). */
export function saveText(text: string, name: string, mime = 'text/plain'): void {
  const url = URL.createObjectURL(new Blob([text], { type: mime }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
