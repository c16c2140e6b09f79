/**
 * Elicitation: a server asking the user for input, through a form or an external URL. Since 2025-06-18.
 * @module
 */
import type { NotificationParams, RequestParams, Result } from './base.js';
import type { TaskMetadata } from './tasks.js';

/** A string field of an elicitation form. */
export type StringSchema = {
  type: 'string';
  title?: string;
  description?: string;
  minLength?: number;
  maxLength?: number;
  format?: 'email' | 'uri' | 'date' | 'date-time';
  /** Since 2025-11-25. */
  default?: string;
};

/** A number field of an elicitation form. */
export type NumberSchema = {
  type: 'number' | 'integer';
  title?: string;
  description?: string;
  minimum?: number;
  maximum?: number;
  /** Since 2025-11-25. */
  default?: number;
};

/** A boolean field of an elicitation form. */
export type BooleanSchema = {
  type: 'boolean';
  title?: string;
  description?: string;
  default?: boolean;
};

/** Single choice among plain values. Since 2025-11-25. */
export type UntitledSingleSelectEnumSchema = {
  type: 'string';
  title?: string;
  description?: string;
  enum: string[];
  default?: string;
};

/** Single choice among values with display titles. Since 2025-11-25. */
export type TitledSingleSelectEnumSchema = {
  type: 'string';
  title?: string;
  description?: string;
  oneOf: { const: string; title: string }[];
  default?: string;
};

/** Multiple choice among plain values. Since 2025-11-25. */
export type UntitledMultiSelectEnumSchema = {
  type: 'array';
  title?: string;
  description?: string;
  minItems?: number;
  maxItems?: number;
  items: { type: 'string'; enum: string[] };
  default?: string[];
};

/** Multiple choice among values with display titles. Since 2025-11-25. */
export type TitledMultiSelectEnumSchema = {
  type: 'array';
  title?: string;
  description?: string;
  minItems?: number;
  maxItems?: number;
  items: { anyOf: { const: string; title: string }[] };
  default?: string[];
};

/** Single choice with titles in a parallel `enumNames` array: the only enum form of 2025-06-18, deprecated since. */
export type LegacyTitledEnumSchema = {
  type: 'string';
  title?: string;
  description?: string;
  enum: string[];
  enumNames?: string[];
  /** Since 2025-11-25. */
  default?: string;
};

/** Single-choice enums. Since 2025-11-25. */
export type SingleSelectEnumSchema = UntitledSingleSelectEnumSchema | TitledSingleSelectEnumSchema;

/** Multiple-choice enums. Since 2025-11-25. */
export type MultiSelectEnumSchema = UntitledMultiSelectEnumSchema | TitledMultiSelectEnumSchema;

/** Every enum form (in 2025-06-18, `EnumSchema` was the legacy form alone). */
export type EnumSchema = SingleSelectEnumSchema | MultiSelectEnumSchema | LegacyTitledEnumSchema;

/** The field schemas an elicitation form may use: flat, primitive values only. */
export type PrimitiveSchemaDefinition = StringSchema | NumberSchema | BooleanSchema | EnumSchema;

/** Params of a form-mode `elicitation/create`. */
export type ElicitRequestFormParams = RequestParams & {
  /** Since 2025-11-25; absent means form. */
  mode?: 'form';
  message: string;
  requestedSchema: {
    $schema?: string;
    type: 'object';
    properties: Record<string, PrimitiveSchemaDefinition>;
    required?: string[];
  };
  /** 2025-11-25 only. */
  task?: TaskMetadata;
};

/** Params of a URL-mode `elicitation/create`: the user completes the interaction out of band. Since 2025-11-25. */
export type ElicitRequestURLParams = RequestParams & {
  mode: 'url';
  message: string;
  url: string;
  /** Correlates `notifications/elicitation/complete`. 2025-11-25 only (required there). */
  elicitationId?: string;
  /** 2025-11-25 only. */
  task?: TaskMetadata;
};

/** Params of `elicitation/create`. */
export type ElicitRequestParams = ElicitRequestFormParams | ElicitRequestURLParams;

/** A submitted form value. String arrays since 2025-11-25. */
export type ElicitValue = string | number | boolean | string[];

/** The result of `elicitation/create` (an multi round-trip input response since 2026-07-28, without `_meta`). */
export type ElicitResult = Result & {
  action: 'accept' | 'decline' | 'cancel';
  /** Form data, present when a form was accepted. */
  content?: Record<string, ElicitValue>;
};

/** Params of `notifications/elicitation/complete`. 2025-11-25 only. */
export type ElicitationCompleteNotificationParams = NotificationParams & {
  elicitationId: string;
};
