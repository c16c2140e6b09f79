/**
 * What the command line shows and asks in a terminal: consent before a tool runs or a server
 * samples, elicitation forms and URLs, configuration inputs, and a progress line. Everything is
 * drawn on stderr (stdout is for results); prompts need stdin and stderr to be terminals
 * ({@link canAsk}), and Ctrl-C at one rejects with an {@link InterruptedError}.
 * @module
 */
export { canAsk } from './tty.js';
export { InterruptedError } from './interrupted.js';
export { askConsent } from './consent.js';
export { askForm, type FormOptions } from './form.js';
export { FormSchemaError } from './form-fields.js';
export { askUrl, type UrlAnswer, type UrlOptions } from './url.js';
export { askInput, type InputOption, type InputRequest } from './input.js';
export { ProgressBar, type ProgressBarOptions, type ProgressUpdate } from './progress-bar.js';
