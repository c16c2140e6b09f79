/**
 * `mcpkit/app-host`: what a host needs to show MCP Apps, in any runtime: which view a tool
 * has and who may call it, the view's document from the server, the policy it is rendered
 * under, and `ViewBridge`, the host's side of the Apps protocol with one view.
 * @module
 */
export { ViewBridge, type ViewBridgeOptions, type ViewHooks } from './bridge.js';
export { viewPolicy, type ViewPolicy } from './policy.js';
export {
  pageContext,
  renderView,
  type RenderedView,
  type RenderViewOptions,
  type ViewServer,
  type ViewTool,
} from './render.js';
export { sandboxResponse, type SandboxOptions } from './sandbox.js';
export { SANDBOX_PAGE, VIEW_SANDBOX, VIEW_SANDBOX_FLAGS } from './sandbox-page.js';
export {
  toolView,
  toolVisibility,
  viewDocument,
  ViewError,
  type ToolWithMeta,
  type ViewDocument,
} from './view-resource.js';
export type { AppViewMeta, AppVisibility } from '../types/apps.js';
