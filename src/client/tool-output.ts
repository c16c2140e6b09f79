/**
 * Checks tool results against the output schemas the server declared in `tools/list`, so a
 * caller never receives structured content that breaks the tool's own contract.
 * @module
 */
import { McpError, McpErrorCode } from '../protocol/errors.js';
import { prepareSchema } from '../schema/prepare.js';
import type { ValidateFunction } from '../schema/validator.js';
import type { CallToolResult, Tool } from '../types/tools.js';

export class ToolOutputChecker {
  /** Validators by tool name, for tools that declared an output schema; compiled on first use. */
  readonly #validators = new Map<string, ValidateFunction>();

  /** Learns (or forgets) the output schemas of the tools a `tools/list` page describes. */
  remember(tools: readonly Tool[]): void {
    for (const tool of tools) {
      this.#validators.delete(tool.name);
      if (tool.outputSchema === undefined) continue;
      try {
        this.#validators.set(
          tool.name,
          prepareSchema(tool.outputSchema, { name: `outputSchema of tool "${tool.name}"` }).validate,
        );
      } catch {
        // A schema we cannot use (another dialect, a remote reference) is not checked.
      }
    }
  }

  /**
   * Throws (or rejects) when a successful result of a tool with an output schema does not match
   * it; `undefined` at once for a tool without one, the usual case.
   */
  check(name: string, result: CallToolResult): Promise<void> | undefined {
    const validate = this.#validators.get(name);
    if (!validate || result.isError === true) return undefined;
    return this.#checkWith(validate, name, result);
  }

  async #checkWith(validate: ValidateFunction, name: string, result: CallToolResult): Promise<void> {
    if (result.structuredContent === undefined) {
      throw new McpError(
        McpErrorCode.InvalidParams,
        `Tool ${name} has an output schema but returned no structured content`,
      );
    }
    let outcome;
    try {
      outcome = await validate(result.structuredContent);
    } catch {
      return; // the schema could not be compiled here; nothing to hold the result to
    }
    if (!outcome.ok) {
      throw new McpError(
        McpErrorCode.InvalidParams,
        `Structured content of tool ${name} does not match its output schema: ${outcome.issues.join('; ')}`,
        {
          structuredContent: result.structuredContent,
        },
      );
    }
  }
}
