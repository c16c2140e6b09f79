/**
 * Whether a URI could come from a resource template (RFC 6570), to route a read to the server
 * whose template it fits. A variable stands for one path segment (`{name}`) or for anything
 * (`{+name}`, `{#name}`); query expansions (`{?a,b}`, `{&a}`) match an optional query part.
 * @module
 */

/** Whether `uri` fits `template`. */
export function templateMatches(template: string, uri: string): boolean {
  let source = '';
  let last = 0;
  for (const match of template.matchAll(/\{([+#./;?&]?)[^}]*\}/g)) {
    source += escape(template.slice(last, match.index));
    const operator = match[1];
    if (operator === '+' || operator === '#') source += '.*';
    else if (operator === '?' || operator === '&') source += '(?:[?&].*)?';
    else if (operator === '/' || operator === '.' || operator === ';') source += `(?:\\${operator}[^/?#]*)*`;
    else source += '[^/?#]+';
    last = match.index + match[0].length;
  }
  source += escape(template.slice(last));
  return new RegExp(`^${source}$`, 's').test(uri);
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
