#!/usr/bin/env node
// Runs a built server entry (default: dist/main.js of the current directory) with the Node flags of this
// host (node-flags.mjs): the server package's `npm start`.
import { serve } from './node-flags.mjs';

serve(process.argv[2] ?? 'dist/main.js');
