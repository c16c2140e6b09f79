/**
 * The page's size as the host should size the view's frame: the document's full width and
 * height, measured whenever anything in it resizes, and told only when it changed.
 * @module
 */

/** Calls `report` with the page's size now and after each change; returns what stops watching. */
export function watchSize(report: (size: { width: number; height: number }) => void): () => void {
  if (typeof ResizeObserver === 'undefined' || typeof document === 'undefined') return () => {};
  const root = document.documentElement;
  let last = '';
  const measure = () => {
    // The content's own extent, not the frame's: a frame sized to its content must not feed back.
    const size = { width: Math.ceil(root.scrollWidth), height: Math.ceil(root.scrollHeight) };
    const key = `${size.width}x${size.height}`;
    if (key === last) return;
    last = key;
    report(size);
  };
  const observer = new ResizeObserver(measure);
  observer.observe(root);
  if (document.body) observer.observe(document.body);
  measure();
  return () => observer.disconnect();
}
