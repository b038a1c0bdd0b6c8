#!/usr/bin/env node
// `npm run worker`: `npm start` as a worker process (PLAZA_ROLE=worker): it runs the background jobs
// (timeline fan-out, mail) and serves only /healthz, /readyz, /metrics and /admin/queues, on PORT
// (3001 when unset). Run the web processes with PLAZA_ROLE=web beside it (docs/deploy.md, "Workers and queues").
process.env.PLAZA_ROLE = 'worker';
await import('./start.mjs');
