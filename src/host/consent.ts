/**
 * Consent: what the host asks before a server's tool runs, a server's sampling request reaches
 * the model, or a server's skill is read for the model, and the answers an application's hook
 * gives.
 * @module
 */
import type { CreateMessageRequestParams, Skill, Tool } from 'mcpkit';

/** A tool call the model, the application, or a server's view wants to make. */
export interface ToolConsentRequest {
  kind: 'tool';
  /** The server's name in the host's configuration. */
  server: string;
  /** The tool as its server describes it (annotations included: hints, not promises). */
  tool: Tool;
  /** The tool's name in the host's catalog (`<server>__<tool>` by default). */
  name: string;
  /** The arguments the tool would be called with. */
  arguments: Record<string, unknown>;
  /** Whether the configuration trusts this server. */
  trusted: boolean;
  /** A view of this server (MCP Apps) makes the call, not the model or the application. */
  fromView?: true;
}

/** A server asks the host's model for a completion (`sampling/createMessage`). */
export interface SamplingConsentRequest {
  kind: 'sampling';
  /** The server's name in the host's configuration. */
  server: string;
  /** What the server asks the model: its messages, system prompt, limits and tools. */
  params: CreateMessageRequestParams;
  /** Whether the configuration trusts this server. */
  trusted: boolean;
}

/**
 * A file of a server's skill is to be read (for the model, or the application): its
 * instructions will steer what the model does next.
 */
export interface SkillConsentRequest {
  kind: 'skill';
  /** The server's name in the host's configuration. */
  server: string;
  /** The skill's name in the host's catalog (`<server>__<skill>` by default). */
  name: string;
  /** The skill's entry: its front matter and the manifest of its files. */
  skill: Skill;
  /** The file to read. */
  uri: string;
  /** Whether the configuration trusts this server. */
  trusted: boolean;
}

/**
 * What the host asks the user's consent for: a tool call, a server's sampling request, a skill read
 * into the model's context.
 */
export type ConsentRequest = ToolConsentRequest | SamplingConsentRequest | SkillConsentRequest;

/**
 * `allow` this once, `always` allow this tool (this server's sampling, this skill as it is now)
 * while the host runs, or `deny`.
 */
export type ConsentAnswer = 'allow' | 'always' | 'deny';

/** The application's way of asking the user. `signal` aborts when the request is given up. */
export type ConsentHook = (request: ConsentRequest, signal: AbortSignal) => ConsentAnswer | Promise<ConsentAnswer>;
