// The workload served by the official SDK 2.x over stdio with `serveStdio`, which builds a
// server instance for the connection's era.
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { toolCountFromArgs } from '../workload.js';
import { sdkV2Server } from './sdk-v2-workload.js';

const toolCount = toolCountFromArgs(process.argv);
serveStdio(() => sdkV2Server(toolCount), { onerror: (error) => console.error('sdk-v2 stdio:', error) });
