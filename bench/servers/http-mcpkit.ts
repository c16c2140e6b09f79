// The workload served by mcpkit over Streamable HTTP: one endpoint for both eras.
import { listen } from 'mcpkit/node';
import { toolCountFromArgs } from '../workload.js';
import { announce } from './http-serving.js';
import { mcpkitServer } from './mcpkit-workload.js';

const listening = await listen(mcpkitServer(toolCountFromArgs(process.argv)), { port: 0 });
announce(listening.url);
