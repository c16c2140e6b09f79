/**
 * Elicitation: a server asking the user for input, through a form or an external URL. Since 2025-06-18.
 * @module
 */
import type { NotificationParams, RequestParams, Result } from './base.js';
import type { TaskMetadata } from './tasks.js';

/** A string field of an elicitation form. */
export type StringSchema = {
  type: 'string';
  /** The field's label. */
  title?: string;
  /** What to enter, shown with the field. */
  description?: string;
  /** The fewest characters accepted. */
  minLength?: number;
  /** The most characters accepted. */
  maxLength?: number;
  /** What the string must be: an email address, a URI, a date or a date and time. */
  format?: 'email' | 'uri' | 'date' | 'date-time';
  /** Since 2025-11-25. */
  default?: string;
};

/** A number field of an elicitation form. */
export type NumberSchema = {
  /** `integer` accepts whole numbers only. */
  type: 'number' | 'integer';
  /** The field's label. */
  title?: string;
  /** What to enter, shown with the field. */
  description?: string;
  /** The smallest value accepted. */
  minimum?: number;
  /** The largest value accepted. */
  maximum?: number;
  /** Since 2025-11-25. */
  default?: number;
};

/** A boolean field of an elicitation form. */
export type BooleanSchema = {
  type: 'boolean';
  /** The field's label. */
  title?: string;
  /** What to enter, shown with the field. */
  description?: string;
  /** The value the form starts with. */
  default?: boolean;
};

/** Single choice among plain values. Since 2025-11-25. */
export type UntitledSingleSelectEnumSchema = {
  type: 'string';
  /** The field's label. */
  title?: string;
  /** What to enter, shown with the field. */
  description?: string;
  /** The values to choose from, shown as they are. */
  enum: string[];
  /** The value the form starts with. */
  default?: string;
};

/** Single choice among values with display titles. Since 2025-11-25. */
export type TitledSingleSelectEnumSchema = {
  type: 'string';
  /** The field's label. */
  title?: string;
  /** What to enter, shown with the field. */
  description?: string;
  /** The values to choose from, each with its label. */
  oneOf: {
    /** The value, as the answer carries it. */
    const: string;
    /** The value's label, as the user sees it. */
    title: string;
  }[];
  /** The value the form starts with. */
  default?: string;
};

/** Multiple choice among plain values. Since 2025-11-25. */
export type UntitledMultiSelectEnumSchema = {
  type: 'array';
  /** The field's label. */
  title?: string;
  /** What to enter, shown with the field. */
  description?: string;
  /** The fewest values to choose. */
  minItems?: number;
  /** The most values to choose. */
  maxItems?: number;
  /** The values to choose from, shown as they are. */
  items: {
    type: 'string';
    /** The values, shown as they are and sent back as they are. */
    enum: string[];
  };
  /** The values chosen when the form opens. */
  default?: string[];
};

/** Multiple choice among values with display titles. Since 2025-11-25. */
export type TitledMultiSelectEnumSchema = {
  type: 'array';
  /** The field's label. */
  title?: string;
  /** What to enter, shown with the field. */
  description?: string;
  /** The fewest values to choose. */
  minItems?: number;
  /** The most values to choose. */
  maxItems?: number;
  /** The values to choose from, each with its label. */
  items: {
    /** One entry per value. */
    anyOf: {
      /** The value, as the answer carries it. */
      const: string;
      /** The value's label, as the user sees it. */
      title: string;
    }[];
  };
  /** The values chosen when the form opens. */
  default?: string[];
};

/** Single choice with titles in a parallel `enumNames` array: the only enum form of 2025-06-18, deprecated since. */
export type LegacyTitledEnumSchema = {
  type: 'string';
  /** The field's label. */
  title?: string;
  /** What to enter, shown with the field. */
  description?: string;
  /** The values to choose from. */
  enum: string[];
  /** A label for each value of `enum`, in the same order. */
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
  /** What the server asks, shown to the user above the form. */
  message: string;
  /** The form: a flat object schema whose properties are its fields. */
  requestedSchema: {
    /** The JSON Schema dialect. */
    $schema?: string;
    type: 'object';
    /** The fields, by name. */
    properties: Record<string, PrimitiveSchemaDefinition>;
    /** The fields that must be filled in. */
    required?: string[];
  };
  /** 2025-11-25 only. */
  task?: TaskMetadata;
};

/** Params of a URL-mode `elicitation/create`: the user completes the interaction out of band. Since 2025-11-25. */
export type ElicitRequestURLParams = RequestParams & {
  mode: 'url';
  /** Why the user should open the URL, shown to them before they choose. */
  message: string;
  /** The page to open. */
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
  /**
   * `accept`: the user submitted (or agreed to open the URL); `decline`: they refused; `cancel`:
   * they dismissed it without choosing.
   */
  action: 'accept' | 'decline' | 'cancel';
  /** Form data, present when a form was accepted. */
  content?: Record<string, ElicitValue>;
};

/** Params of `notifications/elicitation/complete`. 2025-11-25 only. */
export type ElicitationCompleteNotificationParams = NotificationParams & {
  /** The `elicitationId` of the URL-mode request whose interaction finished. */
  elicitationId: string;
};
