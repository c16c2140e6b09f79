/**
 * A tool's result in a region named `Result`: each content block by its kind (text, with a
 * Markdown toggle; images and audio from their bytes; resource links; embedded resources, text
 * shown and blobs offered as downloads), the structured content as a JSON tree, an error said
 * as an alert, how the structured content fared against the output schema (when checked), and a
 * JSON view of the whole result.
 * @module
 */
import { Fragment } from 'preact';
import { useState } from 'preact/hooks';
import type { OutputCheck } from '../protocol.js';
import { JsonView } from './json-view.js';
import { Markdown } from './markdown.js';
import { fileName, useObjectUrl } from './media.js';
import { OutputCheckView } from './output-check.js';
import './tools.css';

type Block = Record<string, unknown>;

export function ResultView({ result, output }: { result: Record<string, unknown>; output?: OutputCheck }) {
  const [whole, setWhole] = useState(false);
  const content = (Array.isArray(result.content) ? result.content : []).filter(
    (b): b is Block => typeof b === 'object' && b !== null,
  );
  const texts = content.flatMap((b) => (b.type === 'text' && typeof b.text === 'string' ? [b.text] : []));
  return (
    <section class="result" aria-label="Result">
      <div class="result-bar">
        <h3>Result</h3>
        <button type="button" aria-pressed={whole} onClick={() => setWhole(!whole)}>
          JSON
        </button>
      </div>
      {result.isError === true && (
        <p role="alert" class="error result-error">
          The tool reported an error{texts.length > 0 ? `: ${texts.join(' ')}` : '.'}
        </p>
      )}
      {output !== undefined && <OutputCheckView check={output} />}
      {whole ? (
        <JsonView value={result} label="The whole result" />
      ) : (
        <>
          {content.map((block, i) => (
            <ContentBlock key={i} block={block} />
          ))}
          {content.length === 0 && result.structuredContent === undefined && <p class="muted">No content.</p>}
          {result.structuredContent !== undefined && (
            <details open class="block">
              <summary>Structured content</summary>
              <JsonView value={result.structuredContent} label="Structured content" />
            </details>
          )}
        </>
      )}
    </section>
  );
}

function ContentBlock({ block }: { block: Block }) {
  const mimeType = typeof block.mimeType === 'string' ? block.mimeType : 'application/octet-stream';
  switch (block.type) {
    case 'text':
      return typeof block.text === 'string' ? <TextBlock text={block.text} /> : <OtherBlock block={block} />;
    case 'image':
    case 'audio':
      return typeof block.data === 'string' ? (
        <MediaBlock kind={block.type} data={block.data} mimeType={mimeType} />
      ) : (
        <OtherBlock block={block} />
      );
    case 'resource_link':
      return <ResourceLink block={block} />;
    case 'resource':
      return typeof block.resource === 'object' && block.resource !== null ? (
        <EmbeddedResource resource={block.resource as Block} />
      ) : (
        <OtherBlock block={block} />
      );
    default:
      return <OtherBlock block={block} />;
  }
}

function TextBlock({ text, label = 'Text' }: { text: string; label?: string }) {
  const [markdown, setMarkdown] = useState(false);
  return (
    <div class="block">
      <div class="block-bar">
        <span class="block-kind">{label}</span>
        <button type="button" aria-pressed={markdown} onClick={() => setMarkdown(!markdown)}>
          Markdown
        </button>
      </div>
      {markdown ? (
        <Markdown text={text} />
      ) : (
        <pre class="result-text" tabIndex={0}>
          {text}
        </pre>
      )}
    </div>
  );
}

function MediaBlock({ kind, data, mimeType }: { kind: 'image' | 'audio'; data: string; mimeType: string }) {
  const { url, error } = useObjectUrl(data, mimeType);
  const label = `${kind === 'image' ? 'Image' : 'Audio'} (${mimeType})`;
  return (
    <div class="block">
      <span class="block-kind">{label}</span>
      {error !== undefined && <p class="error">Cannot show it: {error}.</p>}
      {url !== undefined &&
        (kind === 'image' ? (
          <img class="result-image" src={url} alt={label} />
        ) : (
          <audio controls src={url} aria-label={label} />
        ))}
    </div>
  );
}

function ResourceLink({ block }: { block: Block }) {
  const facts = ['uri', 'name', 'title', 'mimeType', 'description', 'size'].filter((key) => block[key] !== undefined);
  return (
    <div class="block">
      <span class="block-kind">Resource link</span>
      <dl class="facts-list">
        {facts.map((key) => (
          <Fragment key={key}>
            <dt>{key}</dt>
            <dd>{String(block[key])}</dd>
          </Fragment>
        ))}
      </dl>
    </div>
  );
}

function EmbeddedResource({ resource }: { resource: Block }) {
  const uri = typeof resource.uri === 'string' ? resource.uri : '';
  const mimeType = typeof resource.mimeType === 'string' ? resource.mimeType : 'application/octet-stream';
  const label = `Resource ${uri}${resource.mimeType !== undefined ? ` (${mimeType})` : ''}`;
  if (typeof resource.text === 'string') return <TextBlock text={resource.text} label={label} />;
  if (typeof resource.blob === 'string')
    return <BlobDownload label={label} uri={uri} data={resource.blob} mimeType={mimeType} />;
  return <OtherBlock block={resource} />;
}

function BlobDownload(props: { label: string; uri: string; data: string; mimeType: string }) {
  const { url, error } = useObjectUrl(props.data, props.mimeType);
  return (
    <div class="block">
      <span class="block-kind">{props.label}</span>
      {error !== undefined && <p class="error">Cannot offer it: {error}.</p>}
      {url !== undefined && (
        <p>
          <a href={url} download={fileName(props.uri)}>
            Download {fileName(props.uri)}
          </a>
        </p>
      )}
    </div>
  );
}

function OtherBlock({ block }: { block: Block }) {
  return (
    <div class="block">
      <span class="block-kind">{typeof block.type === 'string' ? block.type : 'Content'}</span>
      <JsonView value={block} label="Content block" />
    </div>
  );
}
