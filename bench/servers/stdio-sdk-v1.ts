// The workload served by the official SDK 1.x over its stdio transport.
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { toolCountFromArgs } from '../workload.js';
import { sdkV1Server } from './sdk-v1-workload.js';

await sdkV1Server(toolCountFromArgs(process.argv)).connect(new StdioServerTransport());
