/**
 * Results made elsewhere (by a gateway's or a proxy's upstream server) fitted to the client
 * that asked, as the server's own registries fit the results of their handlers: the members
 * its revision lacks removed, content blocks it cannot carry described in text, and an output
 * schema or structured content of a form it cannot express left out.
 * @module
 */
import { isObject } from '../jsonrpc/message.js';
import { shapeForRevision } from '../protocol/revision-shape.js';
import type { ContentBlock } from '../types/content.js';
import type { Prompt } from '../types/prompts.js';
import type { Resource, ResourceTemplate } from '../types/resources.js';
import type { CallToolResult, Tool } from '../types/tools.js';
import { shapeContentBlock } from './prompt-content.js';
import { shapeContents, shapeWithAnnotations } from './resource-contents.js';
import { shapeTool } from './tool-definition.js';
import { resultForRevision } from './tool-result.js';

/** The spec's name of each method's result, whose members differ by revision. */
const RESULT_TYPES: Readonly<Record<string, string>> = {
  'tools/list': 'ListToolsResult',
  'tools/call': 'CallToolResult',
  'prompts/list': 'ListPromptsResult',
  'prompts/get': 'GetPromptResult',
  'resources/list': 'ListResourcesResult',
  'resources/templates/list': 'ListResourceTemplatesResult',
  'resources/read': 'ReadResourceResult',
  'completion/complete': 'CompleteResult',
};

/**
 * `result`, a result of `method`, as `version` defines it. Methods other than the lists, the
 * calls and reads of tools, prompts and resources, and `completion/complete` pass unchanged.
 * Returns `result` itself when nothing needs changing.
 */
export function shapeResult(method: string, result: Record<string, unknown>, version: string): Record<string, unknown> {
  const type = RESULT_TYPES[method];
  if (type === undefined) return result;
  let shaped = shapeForRevision(type, result, version);
  const swap = <T>(key: string, items: unknown, shape: (item: T) => T): void => {
    if (!Array.isArray(items)) return;
    const next = items.map((item: T) => (isObject(item) ? shape(item) : item));
    if (next.some((item, i) => item !== items[i])) shaped = { ...shaped, [key]: next };
  };
  switch (method) {
    case 'tools/list':
      swap<Tool>('tools', shaped.tools, (tool) => shapeTool(tool, version));
      break;
    case 'tools/call':
      if (Array.isArray(shaped.content))
        shaped = resultForRevision(shaped as unknown as CallToolResult, version) as never;
      break;
    case 'prompts/list':
      swap<Prompt>('prompts', shaped.prompts, (prompt) => shapePrompt(prompt, version));
      break;
    case 'prompts/get':
      swap<{ role: string; content: ContentBlock }>('messages', shaped.messages, (message) => {
        const content = isObject(message.content) ? shapeContentBlock(message.content, version) : message.content;
        return content === message.content ? message : { ...message, content };
      });
      break;
    case 'resources/list':
      swap<Resource>('resources', shaped.resources, (resource) => shapeWithAnnotations('Resource', resource, version));
      break;
    case 'resources/templates/list':
      swap<ResourceTemplate>('resourceTemplates', shaped.resourceTemplates, (template) =>
        shapeWithAnnotations('ResourceTemplate', template, version),
      );
      break;
    case 'resources/read':
      swap('contents', shaped.contents, (contents: Parameters<typeof shapeContents>[0]) =>
        shapeContents(contents, version),
      );
      break;
  }
  return shaped;
}

function shapePrompt(prompt: Prompt, version: string): Prompt {
  const shaped = shapeForRevision('Prompt', prompt, version);
  const args = shaped.arguments;
  if (!Array.isArray(args)) return shaped;
  const next = args.map((a) => (isObject(a) ? shapeForRevision('PromptArgument', a, version) : a));
  return next.some((a, i) => a !== args[i]) ? { ...shaped, arguments: next } : shaped;
}
