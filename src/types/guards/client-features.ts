/**
 * Guards for what servers ask of clients: sampling, elicitation and roots.
 * @module
 */
import { isObject } from '../../jsonrpc/message.js';
import { notificationParamsMembers, requestParamsMembers, resultMembers, role, taskMetadata } from './base.js';
import { tool } from './catalog.js';
import { samplingContent } from './content.js';
import {
  anyObject,
  array,
  at,
  bool,
  enumOf,
  int,
  literal,
  num,
  obj,
  range,
  record,
  select,
  str,
  type Guard,
} from './kit.js';

/** `ModelHint`. */
export const modelHint: Guard = obj({}, { name: str });

const priority = range(0, 1);

/** `ModelPreferences`. */
export const modelPreferences: Guard = obj(
  {},
  { hints: array(modelHint), costPriority: priority, speedPriority: priority, intelligencePriority: priority },
);

/** `ToolChoice`. */
export const toolChoice: Guard = obj({}, { mode: enumOf(['auto', 'required', 'none']) });

/** `SamplingMessage`. */
export const samplingMessage: Guard = obj({ role, content: samplingContent }, { _meta: anyObject });

/** `CreateMessageRequestParams`. */
export const createMessageRequestParams: Guard = obj(
  { messages: array(samplingMessage), maxTokens: int },
  {
    ...requestParamsMembers,
    modelPreferences,
    systemPrompt: str,
    includeContext: enumOf(['none', 'thisServer', 'allServers']),
    temperature: num,
    stopSequences: array(str),
    metadata: anyObject,
    tools: array(tool),
    toolChoice,
    task: taskMetadata,
  },
);

/** `CreateMessageResult`. */
export const createMessageResult: Guard = obj(
  { role, content: samplingContent, model: str },
  { ...resultMembers, stopReason: str },
);

const fieldText = { title: str, description: str };

/** `StringSchema`. */
export const stringSchema: Guard = obj(
  { type: literal('string') },
  {
    ...fieldText,
    minLength: int,
    maxLength: int,
    format: enumOf(['email', 'uri', 'date', 'date-time']),
    default: str,
  },
);

/** `NumberSchema`. */
export const numberSchema: Guard = obj(
  { type: enumOf(['number', 'integer']) },
  { ...fieldText, minimum: num, maximum: num, default: num },
);

/** `BooleanSchema`. */
export const booleanSchema: Guard = obj({ type: literal('boolean') }, { ...fieldText, default: bool });

const titledOption = obj({ const: str, title: str });

/** `UntitledSingleSelectEnumSchema`. */
export const untitledSingleSelectEnumSchema: Guard = obj(
  { type: literal('string'), enum: array(str) },
  { ...fieldText, default: str },
);

/** `TitledSingleSelectEnumSchema`. */
export const titledSingleSelectEnumSchema: Guard = obj(
  { type: literal('string'), oneOf: array(titledOption) },
  { ...fieldText, default: str },
);

const multiSelectOptional = { ...fieldText, minItems: int, maxItems: int, default: array(str) };

/** `UntitledMultiSelectEnumSchema`. */
export const untitledMultiSelectEnumSchema: Guard = obj(
  { type: literal('array'), items: obj({ type: literal('string'), enum: array(str) }) },
  multiSelectOptional,
);

/** `TitledMultiSelectEnumSchema`. */
export const titledMultiSelectEnumSchema: Guard = obj(
  { type: literal('array'), items: obj({ anyOf: array(titledOption) }) },
  multiSelectOptional,
);

/** `LegacyTitledEnumSchema` (and the 2025-06-18 `EnumSchema`). */
export const legacyTitledEnumSchema: Guard = obj(
  { type: literal('string'), enum: array(str) },
  { ...fieldText, enumNames: array(str), default: str },
);

/** `SingleSelectEnumSchema`. */
export const singleSelectEnumSchema: Guard = select((o) =>
  o.oneOf !== undefined ? titledSingleSelectEnumSchema : untitledSingleSelectEnumSchema,
);

/** `MultiSelectEnumSchema`. */
export const multiSelectEnumSchema: Guard = select((o) =>
  isObject(o.items) && o.items.anyOf !== undefined ? titledMultiSelectEnumSchema : untitledMultiSelectEnumSchema,
);

const stringEnum = (o: Record<string, unknown>): Guard =>
  o.oneOf !== undefined
    ? titledSingleSelectEnumSchema
    : o.enumNames !== undefined
      ? legacyTitledEnumSchema
      : untitledSingleSelectEnumSchema;

/** `EnumSchema`: single, multiple or legacy. */
export const enumSchema: Guard = select((o) => (o.type === 'array' ? multiSelectEnumSchema : stringEnum(o)));

const badFieldType: Guard = (v) =>
  at(
    'type',
    (v as Record<string, unknown>).type === undefined
      ? 'missing required property'
      : 'expected one of "string", "number", "integer", "boolean", "array"',
  );

/** `PrimitiveSchemaDefinition`: chosen by `type`, then by the enum members present. */
export const primitiveSchemaDefinition: Guard = select((o) => {
  switch (o.type) {
    case 'string':
      return o.enum !== undefined || o.oneOf !== undefined ? stringEnum(o) : stringSchema;
    case 'number':
    case 'integer':
      return numberSchema;
    case 'boolean':
      return booleanSchema;
    case 'array':
      return multiSelectEnumSchema;
    default:
      return badFieldType;
  }
});

/** `ElicitRequestFormParams`. */
export const elicitRequestFormParams: Guard = obj(
  {
    message: str,
    requestedSchema: obj(
      { type: literal('object'), properties: record(primitiveSchemaDefinition) },
      { $schema: str, required: array(str) },
    ),
  },
  { ...requestParamsMembers, mode: literal('form'), task: taskMetadata },
);

/** `ElicitRequestURLParams`. */
export const elicitRequestURLParams: Guard = obj(
  { mode: literal('url'), message: str, url: str },
  { ...requestParamsMembers, elicitationId: str, task: taskMetadata },
);

/** `ElicitRequestParams`: URL mode when `mode` says so, form mode otherwise (the default). */
export const elicitRequestParams: Guard = select((o) =>
  o.mode === 'url' ? elicitRequestURLParams : elicitRequestFormParams,
);

const stringArray = array(str);
const elicitValue: Guard = (v) =>
  typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean'
    ? undefined
    : Array.isArray(v)
      ? stringArray(v)
      : 'expected string, number, boolean or array of strings';

/** `ElicitResult`. */
export const elicitResult: Guard = obj(
  { action: enumOf(['accept', 'decline', 'cancel']) },
  { ...resultMembers, content: record(elicitValue) },
);

/** Params of `notifications/elicitation/complete`. */
export const elicitationCompleteNotificationParams: Guard = obj({ elicitationId: str }, notificationParamsMembers);

/** `Root`. */
export const root: Guard = obj({ uri: str }, { name: str, _meta: anyObject });

/** `ListRootsResult`. */
export const listRootsResult: Guard = obj({ roots: array(root) }, resultMembers);
