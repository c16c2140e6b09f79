// A real pseudo-terminal for tests, from tmux: a private tmux server (its own socket in a
// temporary folder, its own configuration), one session per program, keys sent as a person
// types them, and the screen read back as text. Waits poll the screen, bounded in time.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/** Why terminal tests cannot run here, or `undefined` when tmux is installed. */
export function tmuxMissing(): string | undefined {
  const probe = spawnSync('tmux', ['-V'], { encoding: 'utf8' });
  if (probe.error === undefined && probe.status === 0) return undefined;
  return 'tmux is not installed (the test command installs it with apt-get where it may; else `apt-get install tmux`)';
}

/** How long a wait for the screen may take before the test fails, showing the screen. */
const WAIT_MS = 15_000;

/** A private tmux server. `close()` ends it and every program in it. */
export class TmuxServer {
  readonly #dir = mkdtempSync(join(tmpdir(), 'mcpkit-tmux-'));
  readonly #socket = join(this.#dir, 'socket');
  readonly #config = join(this.#dir, 'tmux.conf');
  #sessions = 0;

  constructor() {
    // A pane stays (and can be read) after its program ends; no status line takes a row.
    writeFileSync(this.#config, 'set -g remain-on-exit on\nset -g status off\n');
  }

  /** Runs tmux on this server; `-u`: UTF-8 whatever the locale says. */
  tmux(args: string[]): string {
    return execFileSync('tmux', ['-u', '-S', this.#socket, '-f', this.#config, ...args], {
      encoding: 'utf8',
      env: { ...process.env, LANG: 'C.UTF-8' },
      timeout: 10_000,
    });
  }

  /**
   * Starts `command` in a new session with a screen of `columns` × `rows`. A shell runs it and
   * writes its exit status to a file: tmux may be slow to reap a program that ended, and until
   * it does it has no status to tell.
   */
  start(command: readonly string[], columns = 120, rows = 40): TerminalSession {
    const name = `s${++this.#sessions}`;
    const status = this.file(`${name}.status`);
    // The shell catches Ctrl-C's SIGINT (a trap, not an ignore, so the program still gets it)
    // and lives on to write the status of a program that handles it.
    const script = 'trap : INT; status=$1; shift; "$@"; echo $? > "$status.part"; mv "$status.part" "$status"';
    this.tmux([
      'new-session',
      '-d',
      '-s',
      name,
      '-x',
      String(columns),
      '-y',
      String(rows),
      '-e',
      'LANG=C.UTF-8',
      'sh',
      '-c',
      script,
      'sh',
      status,
      ...command,
    ]);
    return new TerminalSession(this, name, status);
  }

  /** A temporary file's path, in this server's folder. */
  file(name: string): string {
    return join(this.#dir, name);
  }

  close(): void {
    spawnSync('tmux', ['-S', this.#socket, 'kill-server'], { timeout: 10_000 });
    rmSync(this.#dir, { recursive: true, force: true });
  }
}

/** One program on one screen. */
export class TerminalSession {
  readonly #server: TmuxServer;
  readonly #status: string;
  readonly name: string;

  constructor(server: TmuxServer, name: string, status: string) {
    this.#server = server;
    this.name = name;
    this.#status = status;
  }

  /**
   * What the program showed, as text: the lines scrolled off the top and the screen, lines the
   * terminal wrapped joined again, blank lines at the end dropped.
   */
  screen(): string {
    return this.#server.tmux(['capture-pane', '-p', '-J', '-S', '-', '-t', this.name]).trimEnd();
  }

  /** Sends keys by tmux's names (`Enter`, `Escape`, `Down`, `C-c`, `Space`, `n`). */
  keys(...keys: string[]): void {
    this.#server.tmux(['send-keys', '-t', this.name, ...keys]);
  }

  /** Types `text` as it is. */
  type(text: string): void {
    this.#server.tmux(['send-keys', '-t', this.name, '-l', text]);
  }

  /** Waits until the screen satisfies `test` (text it contains, or a pattern); resolves the screen. */
  async waitFor(test: string | RegExp | ((screen: string) => boolean), what?: string): Promise<string> {
    const matches =
      typeof test === 'function'
        ? test
        : typeof test === 'string'
          ? (s: string) => s.includes(test)
          : (s: string) => test.test(s);
    const deadline = Date.now() + WAIT_MS;
    let screen = this.screen();
    while (!matches(screen)) {
      if (Date.now() > deadline)
        throw new Error(`the screen did not show ${what ?? String(test)} within ${WAIT_MS} ms; it shows:\n${screen}`);
      await sleep(25);
      screen = this.screen();
    }
    return screen;
  }

  /** The process id of the program (the child of the shell that runs it). */
  pid(): number {
    const shell = this.#server.tmux(['display-message', '-p', '-t', this.name, '#{pane_pid}']).trim();
    const children = execFileSync('ps', ['-o', 'pid=', '--ppid', shell], { encoding: 'utf8' }).trim().split(/\s+/);
    if (children.length !== 1) throw new Error(`the shell of ${this.name} runs ${children.length} programs, not one`);
    return Number(children[0]);
  }

  /** Waits until the program has ended; resolves its exit status. */
  async exitStatus(): Promise<number> {
    const deadline = Date.now() + WAIT_MS;
    while (!existsSync(this.#status)) {
      if (Date.now() > deadline)
        throw new Error(`the program did not end within ${WAIT_MS} ms; the screen shows:\n${this.screen()}`);
      await sleep(25);
    }
    return Number(readFileSync(this.#status, 'utf8'));
  }
}
