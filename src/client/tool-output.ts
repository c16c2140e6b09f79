/**
 * Checks tool results against the output schemas the server declared in `tools/list`, so a
 * caller never receives structured content that breaks the tool's own contract.
 * @module
 */
import { McpError, McpErrorCode } from '../protocol/errors.js';
import { prepareSchema } from '../schema/prepare.js';
import type { ValidateFunction, Validator } from '../schema/validator.js';
import type { CallToolResult, Tool } from '../types/tools.js';
import type { JsonSchema } from '../schema/json-schema.js';

/**
 * A tool's successful result that breaks the output schema `tools/list` declared for it. The
 * result and the problems stay with the error (they are not sent anywhere): an application
 * that shows results, an inspector say, can still show this one, and why it was refused.
 */
export class ToolOutputError extends McpError {
  /** The tool called. */
  readonly tool: string;
  /** What does not fit the schema, one problem each. */
  readonly issues: readonly string[];
  /** The result as the server sent it. */
  readonly result: CallToolResult;

  constructor(tool: string, message: string, issues: readonly string[], result: CallToolResult, data?: unknown) {
    super(McpErrorCode.InvalidParams, message, data);
    this.name = 'ToolOutputError';
    this.tool = tool;
    this.issues = issues;
    this.result = result;
  }
}

export class ToolOutputChecker {
  /** Validators by tool name, for tools that declared an output schema; compiled on first use. */
  readonly #validators = new Map<string, ValidateFunction>();
  readonly #validator: Validator<JsonSchema> | undefined;

  constructor(validator?: Validator<JsonSchema>) {
    this.#validator = validator;
  }

  /** Learns (or forgets) the output schemas of the tools a `tools/list` page describes. */
  remember(tools: readonly Tool[]): void {
    for (const tool of tools) {
      this.#validators.delete(tool.name);
      if (tool.outputSchema === undefined) continue;
      try {
        this.#validators.set(
          tool.name,
          prepareSchema(tool.outputSchema, {
            name: `outputSchema of tool "${tool.name}"`,
            ...(this.#validator && { jsonSchemaValidator: this.#validator }),
          }).validate,
        );
      } catch {
        // A schema we cannot use (another dialect, a remote reference) is not checked.
      }
    }
  }

  /**
   * Throws (or rejects) a `ToolOutputError` when a successful result of a tool with an output schema does not match
   * it; `undefined` at once for a tool without one, the usual case.
   */
  check(name: string, result: CallToolResult): Promise<void> | undefined {
    const validate = this.#validators.get(name);
    if (!validate || result.isError === true) return undefined;
    return this.#checkWith(validate, name, result);
  }

  async #checkWith(validate: ValidateFunction, name: string, result: CallToolResult): Promise<void> {
    if (result.structuredContent === undefined) {
      throw new ToolOutputError(
        name,
        `Tool ${name} has an output schema but returned no structured content`,
        ['no structured content'],
        result,
      );
    }
    let outcome;
    try {
      outcome = await validate(result.structuredContent);
    } catch {
      return; // the schema could not be compiled here; nothing to hold the result to
    }
    if (!outcome.ok) {
      throw new ToolOutputError(
        name,
        `Structured content of tool ${name} does not match its output schema: ${outcome.issues.join('; ')}`,
        outcome.issues,
        result,
        { structuredContent: result.structuredContent },
      );
    }
  }
}
