/**
 * The environment a spawned server inherits by default.
 * @module
 */
import process from 'node:process';

/**
 * The variables a child process inherits when the caller does not pass them: enough to find
 * programs and a home directory, without leaking secrets kept in the environment.
 */
export const DEFAULT_INHERITED_ENV_VARS: readonly string[] =
  process.platform === 'win32'
    ? [
        'APPDATA',
        'HOMEDRIVE',
        'HOMEPATH',
        'LOCALAPPDATA',
        'PATH',
        'PROCESSOR_ARCHITECTURE',
        'PROGRAMFILES',
        'SYSTEMDRIVE',
        'SYSTEMROOT',
        'TEMP',
        'USERNAME',
        'USERPROFILE',
      ]
    : ['HOME', 'LOGNAME', 'PATH', 'SHELL', 'TERM', 'USER'];

/** This process's values of {@link DEFAULT_INHERITED_ENV_VARS}, skipping exported shell functions. */
export function getDefaultEnvironment(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const key of DEFAULT_INHERITED_ENV_VARS) {
    const value = process.env[key];
    // A value starting with "()" is a bash function definition, a known injection vector.
    if (value === undefined || value.startsWith('()')) continue;
    env[key] = value;
  }
  return env;
}
