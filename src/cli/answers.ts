/**
 * How the command line answers what servers ask of it: consent before a tool runs, a form to
 * fill in, a page to open, a message for the model. In a terminal the user is asked; with
 * `--no-input`, or with no terminal, nothing waits on a person: the request is refused and
 * a line on stderr says what was refused and why.
 * @module
 */
import { McpError } from 'mcpkit';
import type { ConsentHook, HostElicitation, Model, ModelEvent, ModelRequest } from 'mcpkit/host';
import { findOpener, openUrl } from './browser.js';
import { askConsent, askForm, askInput, askUrl, canAsk } from './terminal/index.js';

/** What the command line answers with. */
export interface Answers {
  consent: ConsentHook;
  elicitation: HostElicitation;
  /** Answers sampling: the configured model, else the user types the reply. */
  model: Model;
}

export interface AnswerSettings {
  /** `--no-input`: never ask. */
  noInput: boolean;
  /** `--yes`: every tool call is allowed. */
  yes?: boolean;
  /** The model for sampling, when one is configured. */
  model?: Model | undefined;
}

/** Whether a person can be asked now. */
function askable(settings: AnswerSettings): boolean {
  return !settings.noInput && canAsk();
}

function refused(what: string, settings: AnswerSettings): void {
  const why = settings.noInput ? 'with --no-input' : 'without a terminal to ask in';
  process.stderr.write(`mcpkit: ${what}; refused ${why}.\n`);
}

export function cliAnswers(settings: AnswerSettings): Answers {
  return {
    consent: async (request, signal) => {
      // --yes answers for what the model asks to run or read; a server's sampling is still asked.
      if (settings.yes === true && request.kind !== 'sampling') return 'allow';
      if (!askable(settings)) {
        const what =
          request.kind === 'tool'
            ? `the call of ${request.name} needs your consent (--yes gives it)`
            : request.kind === 'skill'
              ? `reading the skill ${request.name} for the model needs your consent`
              : `server "${request.server}" asks the model for a message`;
        refused(what, settings);
        return 'deny';
      }
      return askConsent(request, signal);
    },
    elicitation: {
      form: async (server, params, signal) => {
        if (!askable(settings)) {
          refused(`server "${server}" asks you to fill in a form ("${params.message}")`, settings);
          return { action: 'decline' };
        }
        return askForm(params, { server, signal });
      },
      url: async (server, params, signal) => {
        if (!askable(settings)) {
          refused(`server "${server}" asks you to open ${params.url}`, settings);
          return { action: 'decline' };
        }
        const answer = await askUrl(params, { server, signal });
        const opener = findOpener();
        if (answer.action === 'accept' && opener) await openUrl(opener, answer.url);
        return { action: answer.action };
      },
    },
    model: settings.model ?? userModel(settings),
  };
}

/**
 * With no model configured, the user is the model: shown what the server asks (by the
 * consent prompt), they type the reply.
 */
function userModel(settings: AnswerSettings): Model {
  return {
    provider: 'terminal',
    model: 'user',
    async *stream(request: ModelRequest): AsyncGenerator<ModelEvent> {
      if (!askable(settings))
        throw new McpError(-1, 'no model is configured (MCPKIT_PROVIDER) and there is no one to ask');
      const text = await askInput({
        description: `Your reply as the model${request.maxTokens ? ` (at most ${request.maxTokens} tokens)` : ''}:`,
        ...(request.signal && { signal: request.signal }),
      });
      if (text === undefined) throw new McpError(-1, 'the user gave no reply');
      yield { type: 'text', text };
      yield { type: 'done', stopReason: 'end', model: 'user' };
    },
  };
}
