/**
 * What every view of the page reaches through context: the channel to the inspector and the
 * state its events keep.
 * @module
 */
import { createContext } from 'preact';
import type { InspectorApi } from './api.js';
import { EMPTY, type PageState } from './state.js';

export interface Inspector {
  api: InspectorApi;
  state: PageState;
}

export const InspectorContext = createContext<Inspector>({ api: undefined as never, state: EMPTY });
