// The workload served by mcpkit over stdio.
import { StdioServerTransport } from 'mcpkit/stdio';
import { toolCountFromArgs } from '../workload.js';
import { mcpkitServer } from './mcpkit-workload.js';

await mcpkitServer(toolCountFromArgs(process.argv)).connect(new StdioServerTransport());
