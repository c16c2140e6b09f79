/**
 * What the host needs to know of one server: how to reach it, and the host's settings for it.
 * A configuration file's entries (`ServerConfig`, every field resolved) are such entries; one
 * written in code may leave out what has a default.
 * @module
 */
import type { ToolPolicy } from './config/server-config.js';

/** A server the host starts as a child process and speaks to over stdio. */
export interface StdioEntry {
  type: 'stdio';
  /** The program to start. */
  command: string;
  /** Its arguments. */
  args?: string[];
  /** Added to the environment the child inherits. */
  env?: Record<string, string>;
  /** The directory it starts in. Default the host's. */
  cwd?: string;
}

/** A server behind a URL: Streamable HTTP (falling back to HTTP+SSE), or HTTP+SSE only. */
export interface HttpEntry {
  /** `http` is Streamable HTTP, falling back to HTTP+SSE; `sse` is HTTP+SSE alone. */
  type: 'http' | 'sse';
  /** The server's endpoint. */
  url: string;
  /** Headers sent with every request (an API key, say). */
  headers?: Record<string, string>;
}

/** The host's settings for one server. */
export interface EntrySettings {
  /** Its tools' read-only annotations are believed (read-only tools run without asking). Default false. */
  trusted?: boolean;
  /** `eager`: started with the host; `lazy` (default): when first needed. */
  start?: 'lazy' | 'eager';
  /** The time limit of each request to it, in milliseconds. */
  timeoutMs?: number;
  /** Which of its tools the host offers (names, `*` matching any run of characters); `deny` wins. */
  tools?: {
    /** The tools offered; all when absent. */
    allow?: string[];
    /** The tools never offered, even when `allow` names them. */
    deny?: string[];
  };
  /** Consent per tool name (or `*`): `allow`, `deny` or `ask`; over the defaults. */
  consent?: Record<string, ToolPolicy>;
  /** The directories offered to this server as roots (paths or `file://` URIs), in place of the host's. */
  roots?: string[];
  /** Not started, not listed. */
  disabled?: boolean;
}

/** A server of a host: how to start or reach it, and what of it the host shows. */
export type ServerEntry = (StdioEntry | HttpEntry) & EntrySettings;
