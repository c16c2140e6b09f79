/**
 * What the host's configuration reader returns: one resolved entry per server (strings
 * interpolated, `envFile` merged into `env`, paths absolute), with the host's own settings
 * given their defaults; and the one error every problem of a configuration becomes.
 * @module
 */

/** What the host may do with a server's tool without asking: `ask` leaves it to the consent hook. */
export type ToolPolicy = 'allow' | 'deny' | 'ask';

/** The host's own settings of an entry; read from the same object as the transport's fields. */
export interface HostSettings {
  /** Whether the configuration trusts this server (told to the consent hook). Default false. */
  trusted: boolean;
  /** `lazy` connects on first use, `eager` when the host starts. Default `lazy`. */
  start: 'lazy' | 'eager';
  /** A limit on each request to this server, in milliseconds. */
  timeoutMs?: number;
  /** Which of the server's tools the host offers, by name; `*` matches any run of characters. */
  tools?: {
    /** The tools offered; all when absent. */
    allow?: string[];
    /** The tools never offered, even when `allow` names them. */
    deny?: string[];
  };
  /** A policy per tool name of this server, or `*` for the rest. */
  consent?: Record<string, ToolPolicy>;
  /**
   * The directories this server is offered as roots (absolute, or `file://` URIs), in place of
   * the host's. In a file, relative to the configuration's directory.
   */
  roots?: string[];
  /** A disabled entry is checked but not resolved: its strings are kept as written. Default false. */
  disabled: boolean;
}

/** A server run as a child process, spoken to over its stdin and stdout. */
export interface StdioServerConfig extends HostSettings {
  type: 'stdio';
  /** The program to start. */
  command: string;
  /** Its arguments. */
  args: string[];
  /** The variables added to the child's environment: the `envFile`'s, overridden by `env`'s. */
  env: Record<string, string>;
  /** Absolute; when absent the child starts in the host's working directory. */
  cwd?: string;
}

/**
 * A server at a URL: `http` is Streamable HTTP (falling back to HTTP+SSE when the server only
 * speaks that), `sse` is HTTP+SSE alone.
 */
export interface HttpServerConfig extends HostSettings {
  /** `http` is Streamable HTTP, falling back to HTTP+SSE; `sse` is HTTP+SSE alone. */
  type: 'http' | 'sse';
  /** The server's endpoint. */
  url: string;
  /** Headers sent with every request, interpolated. */
  headers: Record<string, string>;
}

/** A server as a configuration file writes it: a command to start, or a URL to reach. */
export type ServerConfig = StdioServerConfig | HttpServerConfig;

/** A whole configuration: servers by name, as the file names them. */
export interface HostConfig {
  /** The servers, by the names the file gives them. */
  servers: Record<string, ServerConfig>;
  /** The absolute path of the file it was read from, if any. */
  file?: string;
}

/** A VS Code input: a value `${input:id}` asks for when the configuration is read. */
export type ConfigInput =
  | {
      type: 'promptString';
      /** The name `${input:id}` uses. */
      id: string;
      /** What to ask the user. */
      description: string;
      /** The answer is a secret: it is not shown as it is typed. */
      password?: boolean;
      /** The answer when the user gives none. */
      default?: string;
    }
  | {
      type: 'pickString';
      /** The name `${input:id}` uses. */
      id: string;
      /** What to ask the user. */
      description: string;
      /** The values to pick from. */
      options: string[];
      /** The value picked when the user picks none. */
      default?: string;
    };

/**
 * Answers an input (a terminal prompts, for instance). Asked at most once per id and read; a
 * failure (the user gave up, say) rejects the read with that same error.
 */
export type InputHook = (input: ConfigInput) => string | Promise<string>;

/** How strings are interpolated and relative paths resolved. */
export interface ConfigOptions {
  /** The variables `${NAME}` and `${env:NAME}` read. Default `process.env`. */
  env?: Readonly<Record<string, string | undefined>>;
  /** `${workspaceFolder}`, and the base of relative paths when there is no file. Default `process.cwd()`. */
  workspace?: string;
  /** Answers `${input:id}`; without it, a reference to an input is an error. */
  input?: InputHook;
}

/** One thing wrong with a configuration, and where. */
export interface ConfigProblem {
  /** The server whose entry it is in, if any. */
  server?: string;
  /** A path into the entry: `command`, `args[2]`, `env.TOKEN`, `tools.allow[0]`. */
  field?: string;
  /** 1-based, for text that is not valid JSON. */
  line?: number;
  /** 1-based, with `line`. */
  column?: number;
  /** What is wrong, in words. */
  message: string;
}

/** Everything wrong with a configuration, one problem a line, each naming its file, server and field. */
export class ConfigError extends Error {
  /** `'ConfigError'`, also in bundles that rename classes. */
  override name = 'ConfigError';
  /** The file as it was named to the reader, if any. */
  readonly file: string | undefined;
  /** Every problem found, not only the first. */
  readonly problems: readonly ConfigProblem[];
  constructor(problems: readonly ConfigProblem[], file?: string) {
    super(problems.map((problem) => describeProblem(problem, file)).join('\n'));
    this.file = file;
    this.problems = problems;
  }
}

/** `file: server "x", field "y": message`, leaving out what is not known. */
function describeProblem(problem: ConfigProblem, file: string | undefined): string {
  let where = file ?? '';
  if (where && problem.line !== undefined) where += `:${problem.line}:${problem.column ?? 1}`;
  const within = [];
  if (problem.server !== undefined) within.push(`server ${JSON.stringify(problem.server)}`);
  if (problem.field !== undefined) within.push(`field ${JSON.stringify(problem.field)}`);
  return [where, within.join(', '), problem.message].filter(Boolean).join(': ');
}
