/**
 * The host's own errors: a call refused, a name that is not in the catalog.
 * @module
 */

/** A call the configuration or the user refused. */
export class ConsentDeniedError extends Error {
  /** `'ConsentDeniedError'`, also in bundles that rename classes. */
  override name = 'ConsentDeniedError';
}

/** No tool, prompt, resource or server by that name or URI. */
export class NotInCatalogError extends Error {
  /** `'NotInCatalogError'`, also in bundles that rename classes. */
  override name = 'NotInCatalogError';
}
