/**
 * Roots: the directories and files a client lets a server work on.
 * @module
 */
import type { Meta, RequestParams, Result } from './base.js';

/** A root directory or file. */
export type Root = {
  /** A `file://` URI. */
  uri: string;
  /** A name for people. */
  name?: string;
  /** Since 2025-06-18. */
  _meta?: Meta;
};

/** Params of `roots/list`. */
export type ListRootsRequestParams = RequestParams;

/**
 * The result of `roots/list`. Since 2026-07-28 it is an multi round-trip input response, without
 * `_meta` or `resultType`.
 */
export type ListRootsResult = Result & {
  /** The directories and files the server may work in. */
  roots: Root[];
};
