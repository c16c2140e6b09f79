/**
 * Guards for what servers list: tool, resource, resource template and prompt definitions.
 * @module
 */
import { annotations, iconsMember } from './base.js';
import { anyObject, array, bool, enumOf, int, literal, obj, str, type Guard, type Shape } from './kit.js';

/** Members of `Resource` (also the base of `ResourceLink`). */
export const resourceRequired: Shape = { name: str, uri: str };
/** Optional members of `Resource`. */
export const resourceOptional: Shape = {
  title: str,
  description: str,
  mimeType: str,
  size: int,
  annotations,
  _meta: anyObject,
  ...iconsMember,
};

/** `Resource`. */
export const resource: Guard = obj(resourceRequired, resourceOptional);

/** `ResourceTemplate`. */
export const resourceTemplate: Guard = obj(
  { name: str, uriTemplate: str },
  { title: str, description: str, mimeType: str, annotations, _meta: anyObject, ...iconsMember },
);

/** `ToolAnnotations`. */
export const toolAnnotations: Guard = obj(
  {},
  { title: str, readOnlyHint: bool, destructiveHint: bool, idempotentHint: bool, openWorldHint: bool },
);

/** `ToolExecution`. */
export const toolExecution: Guard = obj({}, { taskSupport: enumOf(['forbidden', 'optional', 'required']) });

// Any JSON Schema keywords are allowed (2026-07-28 opened them up); an input schema must still describe an object.
const inputSchema = obj({ type: literal('object') }, { $schema: str });
// Until 2025-11-25 an output schema also had to be `type: "object"`; 2026-07-28 allows any schema.
const outputSchema = obj({}, { $schema: str });

/** `Tool`. */
export const tool: Guard = obj(
  { name: str, inputSchema },
  {
    title: str,
    description: str,
    outputSchema,
    annotations: toolAnnotations,
    execution: toolExecution,
    _meta: anyObject,
    ...iconsMember,
  },
);

/** `PromptArgument`. */
export const promptArgument: Guard = obj({ name: str }, { title: str, description: str, required: bool });

/** `Prompt`. */
export const prompt: Guard = obj(
  { name: str },
  { title: str, description: str, arguments: array(promptArgument), _meta: anyObject, ...iconsMember },
);
