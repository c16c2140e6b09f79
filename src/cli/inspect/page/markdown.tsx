/**
 * Markdown (tool descriptions, text results) rendered by micromark, which escapes raw HTML and
 * empties `javascript:` and other unsafe links: its output is the only HTML the page inserts.
 * Links open in a new tab without the page as opener or referrer, and only to http(s) and mail.
 * @module
 */
import { micromark } from 'micromark';
import { useMemo } from 'preact/hooks';

export function Markdown({ text, label }: { text: string; label?: string }) {
  const html = useMemo(() => micromark(text), [text]);
  return (
    <div
      class="markdown"
      {...(label !== undefined ? { role: 'group', 'aria-label': label } : {})}
      onClick={openOutside}
      // micromark escapes HTML and drops unsafe links: see the module's comment.
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}

/** A click on a link opens it elsewhere (or nowhere): the inspector's page never navigates away. */
function openOutside(event: MouseEvent) {
  const link = (event.target as Element | null)?.closest?.('a');
  if (link === null || link === undefined) return;
  event.preventDefault();
  const href = link.getAttribute('href') ?? '';
  if (/^(https?:|mailto:)/i.test(href)) window.open(href, '_blank', 'noopener,noreferrer');
}
