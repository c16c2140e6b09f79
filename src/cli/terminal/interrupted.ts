/**
 * Ctrl-C at a prompt: the user wants the whole command to stop, not only to say no.
 * @module
 */

/**
 * The user pressed Ctrl-C at a prompt. The question counts as refused (a consent as `deny`, a
 * form or URL as `cancel`, an input as not given); the command should then stop with
 * {@link InterruptedError.exitCode}, as a shell does for SIGINT.
 */
export class InterruptedError extends Error {
  override name = 'InterruptedError';
  /** 128 + SIGINT, the status shells give a process stopped by Ctrl-C. */
  readonly exitCode = 130;

  constructor(message = 'interrupted (Ctrl-C)') {
    super(message);
  }
}
