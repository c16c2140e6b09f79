/**
 * Reading the start of a fetch response's body without reading a large one whole: an error
 * body for a message, a metadata document that has a size limit.
 * @module
 */

/** What was read of a body. */
export interface BodyStart {
  /** The text read: all of it, or about the first `limit` bytes. */
  readonly text: string;
  /** Whether `text` is the whole body. */
  readonly complete: boolean;
  /** Why reading stopped early, when the connection failed mid-body. */
  readonly error?: unknown;
}

/** Reads about the first `limit` bytes of a body as text; the rest is discarded. Never rejects. */
export async function readBodyStart(response: Response, limit: number): Promise<BodyStart> {
  const body = response.body;
  if (!body) return { text: '', complete: true };
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let bytes = 0;
  try {
    while (bytes < limit) {
      const { done, value } = await reader.read();
      if (done) return { text: text + decoder.decode(), complete: true };
      bytes += value.length;
      text += decoder.decode(value, { stream: true });
    }
  } catch (error) {
    return { text, complete: false, error };
  }
  await reader.cancel().catch(() => {});
  return { text, complete: false };
}
