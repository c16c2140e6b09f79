/**
 * Loads `oidc-provider`, an optional peer dependency: only the development authorization server
 * needs it, so it is imported when a server starts, never when the entry point is imported, and
 * its absence is one clear error. The package ships no types; the few members used are
 * described here.
 * @module
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

/** The members of oidc-provider's `Provider` this module uses. */
export interface OidcProvider {
  readonly issuer: string;
  readonly Grant: new (properties: { accountId: string; clientId: string }) => OidcGrant;
  callback(): (req: IncomingMessage, res: ServerResponse) => void;
  on(event: string, listener: (...args: unknown[]) => void): void;
}

/** A grant: what the user consented to for one client. */
export interface OidcGrant {
  addOIDCScope(scope: string): void;
  addResourceScope(resource: string, scope: string): void;
  save(): Promise<string>;
}

/** An interaction policy check, as `interactionPolicy.Check` builds it. */
export type OidcCheck = object;
/** An interaction policy prompt, as `interactionPolicy.Prompt` builds it. */
export interface OidcPrompt {
  readonly checks: { remove(reason: string): void };
}

/** The module's exports this module uses. */
export interface OidcProviderModule {
  Provider: new (issuer: string, configuration: object) => OidcProvider;
  errors: {
    InvalidTarget: new (description?: string) => Error;
    InvalidClientMetadata: new (description?: string) => Error;
  };
  interactionPolicy: {
    /** The default policy: an array of prompts with `clear()` and `add()`. */
    base(): OidcPrompt[] & { clear(): void; add(prompt: OidcPrompt): void };
    Prompt: new (options: { name: string; requestable: boolean }, ...checks: OidcCheck[]) => OidcPrompt;
    Check: new (reason: string, description: string, check: (ctx: never) => Promise<boolean>) => OidcCheck;
  };
}

// A specifier held in a variable: the bundler leaves the import as it is (the package is not
// bundled), and the compiler looks for no types the package does not ship.
const PACKAGE = 'oidc-provider';
let loading: Promise<OidcProviderModule> | undefined;

/** oidc-provider's module, imported once; a clear error when it is not installed. */
export function loadOidcProvider(): Promise<OidcProviderModule> {
  loading ??= (import(PACKAGE) as Promise<OidcProviderModule>).catch((error: unknown) => {
    loading = undefined;
    const code = (error as { code?: unknown } | null)?.code;
    if (code === 'ERR_MODULE_NOT_FOUND' && String((error as Error).message).includes(`'${PACKAGE}'`)) {
      throw new Error(
        `The development authorization server needs the ${PACKAGE} package (version 9), an optional peer dependency of mcpkit: npm install --save-dev ${PACKAGE}@9`,
        { cause: error },
      );
    }
    throw error;
  });
  return loading;
}
