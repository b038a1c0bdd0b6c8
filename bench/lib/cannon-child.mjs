// Runs autocannon in its own process for a request list that one CLI call cannot express (a different
// Authorization header per request, each connection cycling through the list). Prints the same JSON
// summary as `autocannon -j`.
//   node bench/lib/cannon-child.mjs spec.json   (spec: { url, connections, duration, requests: [{ path, headers }] })
import autocannon from 'autocannon';
import { readFileSync } from 'node:fs';

const spec = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const result = await autocannon({
  url: spec.url,
  connections: spec.connections,
  duration: spec.duration,
  requests: spec.requests.map((r) => ({ method: 'GET', path: r.path, headers: r.headers })),
});
process.stdout.write(JSON.stringify(result));
