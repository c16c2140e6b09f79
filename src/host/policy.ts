/**
 * What the host lets a server's tools do: whether a tool is offered at all (the allow and deny
 * lists), and whether a call runs at once, is refused, or waits for the user (consent). The
 * default is careful: only read-only tools of trusted servers run unasked, and an untrusted
 * server's annotations, being its own claims, never loosen anything.
 * @module
 */
import type { Tool } from 'mcpkit';
import type { ToolPolicy } from './config/server-config.js';
import type { EntrySettings } from './server-entry.js';

/** Whether `tool` (a server's own name for it) is offered, by the server's allow and deny lists. */
export function isOffered(settings: EntrySettings, tool: string): boolean {
  const { allow, deny } = settings.tools ?? {};
  if (deny?.some((pattern) => matches(pattern, tool))) return false;
  return allow === undefined || allow.some((pattern) => matches(pattern, tool));
}

/**
 * The rule for a call of `tool`: the configuration's rule for its name (an exact name before a
 * pattern, the longest pattern first), else `allow` for a trusted server's read-only,
 * non-destructive tool, else `ask`.
 */
export function consentRule(settings: EntrySettings, tool: Tool): ToolPolicy {
  const rules = settings.consent ?? {};
  const exact = Object.hasOwn(rules, tool.name) ? rules[tool.name] : undefined;
  if (exact !== undefined) return exact;
  const pattern = Object.keys(rules)
    .filter((key) => key.includes('*') && matches(key, tool.name))
    .sort((a, b) => b.length - a.length)[0];
  if (pattern !== undefined) return rules[pattern]!;
  const hints = tool.annotations;
  if (settings.trusted === true && hints?.readOnlyHint === true && hints.destructiveHint !== true) return 'allow';
  return 'ask';
}

/** Whether `name` matches `pattern`, where `*` stands for any run of characters. */
export function matches(pattern: string, name: string): boolean {
  if (!pattern.includes('*')) return pattern === name;
  const source = pattern
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${source}$`, 's').test(name);
}
