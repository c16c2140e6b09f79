/**
 * A progress line on stderr for a long request (`notifications/progress`): a bar with a
 * percentage when the total is known, a turning mark and the count when not, and the
 * server's message, redrawn in place on one line and at most every `interval` milliseconds.
 * It draws nothing unless stderr is a terminal: callers print plain lines then
 * ({@link ProgressBar.active} tells which). Clear it before writing anything else to stderr.
 * @module
 */
import { sanitize } from './text.js';

export interface ProgressUpdate {
  progress: number;
  total?: number | undefined;
  message?: string | undefined;
}

export interface ProgressBarOptions {
  /** Where to draw; `process.stderr` by default. */
  stream?: NodeJS.WriteStream;
  /** Shown before the bar, such as the tool's name. */
  label?: string;
  /** The least time between two redraws, in milliseconds (100 by default). */
  interval?: number;
}

const SPINNER = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];
const BAR_WIDTH = 24;
/** Erases the whole line; `\r` first, so the cursor is at its start for the next draw. */
const CLEAR_LINE = '\r\u001b[2K';

/** One progress line, redrawn in place. */
export class ProgressBar {
  readonly #stream: NodeJS.WriteStream;
  readonly #label: string;
  readonly #interval: number;
  #last: ProgressUpdate | undefined;
  #drawnAt = -Infinity;
  #drawn = false;
  #timer: NodeJS.Timeout | undefined;
  #frame = 0;
  #finished = false;

  constructor(options: ProgressBarOptions = {}) {
    this.#stream = options.stream ?? process.stderr;
    this.#label = options.label !== undefined ? sanitize(options.label) : '';
    this.#interval = Math.max(0, options.interval ?? 100);
  }

  /** Whether it draws: its stream is a terminal. When not, the caller reports progress its own way. */
  get active(): boolean {
    return this.#stream.isTTY === true;
  }

  /** Shows `update`, now or (when the last draw was less than an interval ago) at the interval's end. */
  update(update: ProgressUpdate): void {
    if (this.#finished || !this.active) return;
    this.#last = update;
    const wait = this.#drawnAt + this.#interval - performance.now();
    if (wait <= 0) {
      this.#draw();
    } else if (this.#timer === undefined) {
      this.#timer = setTimeout(() => {
        this.#timer = undefined;
        this.#draw();
      }, wait);
      // A pending redraw never keeps the process alive.
      this.#timer.unref();
    }
  }

  /** Erases the line (for other output to follow); the next update draws it again. */
  clear(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    if (this.#drawn) this.#stream.write(CLEAR_LINE);
    this.#drawn = false;
    this.#drawnAt = -Infinity;
  }

  /** Erases the line for good: later updates draw nothing. */
  done(): void {
    this.clear();
    this.#finished = true;
  }

  #draw(): void {
    const last = this.#last;
    if (last === undefined) return;
    this.#drawnAt = performance.now();
    this.#drawn = true;
    this.#stream.write(`${CLEAR_LINE}${this.#line(last)}`);
  }

  /** The line for `update`, no wider than the terminal less a column (a full line would wrap). */
  #line({ progress, total, message }: ProgressUpdate): string {
    const done = Number.isFinite(progress) ? progress : 0;
    let meter: string;
    if (typeof total === 'number' && Number.isFinite(total) && total > 0) {
      const fraction = Math.min(1, Math.max(0, done / total));
      const filled = Math.round(fraction * BAR_WIDTH);
      const percent = `${Math.floor(fraction * 100)}%`.padStart(4);
      meter = `[${'█'.repeat(filled)}${'░'.repeat(BAR_WIDTH - filled)}] ${percent}`;
    } else {
      // No count at all (a task's status): the spinner alone says it is alive.
      const spinner = SPINNER[this.#frame++ % SPINNER.length]!;
      meter = Number.isFinite(progress) ? `${spinner} ${done}` : spinner;
    }
    const text = [this.#label, meter, message !== undefined ? sanitize(String(message)) : '']
      .filter((part) => part !== '')
      .join(' ');
    const width = Math.max(10, (this.#stream.columns ?? 80) - 1);
    const chars = [...text];
    return chars.length > width ? `${chars.slice(0, width - 1).join('')}…` : text;
  }
}
