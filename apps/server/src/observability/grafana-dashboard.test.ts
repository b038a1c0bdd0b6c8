/** docs/grafana/plaza.json asks only for series a running node exposes: a renamed metric breaks this, not the dashboard. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/harness';

const DASHBOARD = path.resolve(import.meta.dirname, '../../../../docs/grafana/plaza.json');

interface Panel {
  title: string;
  targets?: Array<{ expr: string }>;
}

describe('the Grafana dashboard', () => {
  const t = useTestApp('sqlite');

  it('names only metrics /metrics serves', async () => {
    const { panels } = JSON.parse(readFileSync(DASHBOARD, 'utf8')) as { panels: Panel[] };
    const exprs = panels.flatMap((p) => p.targets ?? []).map((target) => target.expr);
    expect(exprs.length).toBeGreaterThan(15);
    const served = new Set(
      [...(await t.app.inject({ method: 'GET', url: '/metrics' })).body.matchAll(/^# HELP (\w+) /gm)].map((m) => m[1]),
    );
    const named = new Set(exprs.flatMap((e) => [...e.matchAll(/\b((?:plaza|nodejs|process)_\w+)/g)].map((m) => m[1])));
    for (const name of named) expect(served, name).toContain(name.replace(/_(bucket|count|sum)$/, ''));
  });
});
