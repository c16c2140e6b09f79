/**
 * What a server sends as content, rendered by its kind: text as text; images and audio from
 * their bytes through object URLs; other bytes as a download; a resource embedded or linked
 * by its URI. Used by resource reads and prompt messages.
 * @module
 */
import { useObjectUrl } from './downloads.js';

/** One item of a resource's `contents`: text or a base64 blob. */
export interface ResourceContents {
  uri: string;
  mimeType?: string;
  text?: string;
  blob?: string;
}

/** Bytes: an image shown, audio played, anything else a download link. */
export function BlobView({ data, mime, name }: { data: string; mime: string; name: string }) {
  const url = useObjectUrl(data, mime);
  if (url === undefined) return <p class="error">The bytes of {name} are not valid base64.</p>;
  if (mime.startsWith('image/')) return <img class="shown" src={url} alt={name} />;
  if (mime.startsWith('audio/')) return <audio controls src={url} aria-label={name} />;
  return (
    <a href={url} download={name.split('/').pop() || 'download'}>
      Download {name} ({mime})
    </a>
  );
}

/** A resource's contents, each item by whether it is text or bytes. */
export function ContentsView({ contents }: { contents: ResourceContents[] }) {
  return (
    <>
      {contents.map((item) => (
        <div class="contents" key={item.uri}>
          <p class="muted">
            <code>{item.uri}</code> {item.mimeType ?? ''}
          </p>
          {typeof item.blob === 'string' ? (
            <BlobView data={item.blob} mime={item.mimeType ?? 'application/octet-stream'} name={item.uri} />
          ) : (
            <pre tabIndex={0}>{item.text ?? ''}</pre>
          )}
        </div>
      ))}
    </>
  );
}

/** A content block of a prompt message or a result: text, image, audio, a resource or a link to one. */
export function ContentBlock({ block }: { block: Record<string, unknown> }) {
  switch (block.type) {
    case 'text':
      return <p class="pre">{String(block.text ?? '')}</p>;
    case 'image':
    case 'audio':
      return <BlobView data={String(block.data ?? '')} mime={String(block.mimeType ?? '')} name={`${block.type}`} />;
    case 'resource':
      return <ContentsView contents={[block.resource as ResourceContents]} />;
    case 'resource_link':
      return (
        <p>
          Resource link: <code>{String(block.uri ?? '')}</code> {typeof block.name === 'string' && `(${block.name})`}
        </p>
      );
    default:
      return <pre tabIndex={0}>{JSON.stringify(block, null, 2)}</pre>;
  }
}
