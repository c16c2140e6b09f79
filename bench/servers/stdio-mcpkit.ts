// The workload served by mcpkit over stdio.
import { StdioServerTransport } from '../../src/node/stdio-entry.js';
import { toolCountFromArgs } from '../workload.js';
import { mcpkitServer } from './mcpkit-workload.js';

await mcpkitServer(toolCountFromArgs(process.argv)).connect(new StdioServerTransport());
