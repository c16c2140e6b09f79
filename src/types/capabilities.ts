/**
 * What each side declares it supports. Capabilities are open sets: unknown members are allowed.
 * @module
 */
import type { JsonObject } from './base.js';

/** Extension identifier (prefixed, e.g. `io.modelcontextprotocol/ui`) to per-extension settings. Since 2026-07-28. */
export type ExtensionCapabilities = Record<string, JsonObject>;

/** Client-side task support. 2025-11-25 only. */
export type ClientTasksCapability = {
  /** The client answers `tasks/list`. */
  list?: JsonObject;
  /** The client answers `tasks/cancel`. */
  cancel?: JsonObject;
  /** Which server-to-client requests may be task-augmented. */
  requests?: {
    /** Sampling requests. */
    sampling?: {
      /** `sampling/createMessage` may be task-augmented. */
      createMessage?: JsonObject;
    };
    /** Elicitation requests. */
    elicitation?: {
      /** `elicitation/create` may be task-augmented. */
      create?: JsonObject;
    };
  };
};

/** Server-side task support. 2025-11-25 only. */
export type ServerTasksCapability = {
  /** The server answers `tasks/list`. */
  list?: JsonObject;
  /** The server answers `tasks/cancel`. */
  cancel?: JsonObject;
  /** Which client-to-server requests may be task-augmented. */
  requests?: {
    /** Tool requests. */
    tools?: {
      /** `tools/call` may be task-augmented. */
      call?: JsonObject;
    };
  };
};

/** Capabilities a client may declare. */
export type ClientCapabilities = {
  /** Non-standard capabilities. */
  experimental?: Record<string, JsonObject>;
  /** Since 2026-07-28. */
  extensions?: ExtensionCapabilities;
  /** The client answers `roots/list` with the directories the server may work in. */
  roots?: {
    /** Until 2025-11-25 (2026-07-28 removed `notifications/roots/list_changed`). */
    listChanged?: boolean;
  };
  /** The client answers `sampling/createMessage` with its model. */
  sampling?: {
    /** Supports `includeContext` other than `none`. Since 2025-11-25. */
    context?: JsonObject;
    /** Supports `tools` and `toolChoice`. Since 2025-11-25. */
    tools?: JsonObject;
  };
  /** Since 2025-06-18. An empty object means form mode only. */
  elicitation?: {
    /** Since 2025-11-25. */
    form?: JsonObject;
    /** Since 2025-11-25. */
    url?: JsonObject;
  };
  /** 2025-11-25 only. */
  tasks?: ClientTasksCapability;
};

/** Capabilities a server may declare. */
export type ServerCapabilities = {
  /** Non-standard capabilities. */
  experimental?: Record<string, JsonObject>;
  /** Since 2026-07-28. */
  extensions?: ExtensionCapabilities;
  /** The server sends log messages (`notifications/message`), at the level the client asks for. */
  logging?: JsonObject;
  /** Since 2025-03-26. */
  completions?: JsonObject;
  /** The server has prompts. */
  prompts?: {
    /** It says when they change (`notifications/prompts/list_changed`). */
    listChanged?: boolean;
  };
  /** The server has resources. */
  resources?: {
    /** A client may subscribe to one to hear of its changes. */
    subscribe?: boolean;
    /** It says when the list changes (`notifications/resources/list_changed`). */
    listChanged?: boolean;
  };
  /** The server has tools. */
  tools?: {
    /** It says when they change (`notifications/tools/list_changed`). */
    listChanged?: boolean;
  };
  /** 2025-11-25 only. */
  tasks?: ServerTasksCapability;
};
