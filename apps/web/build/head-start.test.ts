// @vitest-environment node
import type { Rollup } from 'vite';
import { describe, expect, it } from 'vitest';
import { headStartData } from './head-start';

const chunk = (fileName: string, modules: string[], imports: string[], isEntry = false) =>
  ({ type: 'chunk', fileName, moduleIds: modules, imports, isEntry }) as unknown as Rollup.OutputChunk;

const bundle = Object.fromEntries(
  [
    chunk('assets/index.js', ['/app/index.html'], ['assets/react.js'], true),
    chunk('assets/react.js', ['/app/node_modules/react-dom/index.js'], []),
    chunk('assets/start.js', ['/app/src/app/start.tsx'], ['assets/react.js', 'assets/store.js']),
    chunk('assets/store.js', ['/app/src/app/store.ts'], ['assets/react.js']),
    // Loaded by the start with import() as it runs: no static import leads to it.
    chunk('assets/mount.js', ['/app/src/app/mount.tsx'], ['assets/store.js', 'assets/router.js']),
    chunk('assets/router.js', ['/app/node_modules/react-router/index.js'], ['assets/react.js']),
    chunk('assets/FeedPage.js', ['/app/src/features/feed/FeedPage.tsx'], ['assets/start.js', 'assets/PostList.js']),
    chunk('assets/PostList.js', ['/app/src/features/feed/PostList.tsx'], ['assets/store.js']),
  ].map((c) => [c.fileName, c]),
) as Rollup.OutputBundle;

describe('head start', () => {
  it('lists the signed-in app and, per path, what its page adds, without what index.html already loads', () => {
    const data = headStartData(
      bundle,
      '/app',
      { script: 'src/head-start.ts', app: ['src/app/start.tsx'], pages: { '/feeds': 'src/features/feed/FeedPage.tsx' } },
      'accessToken',
    );
    expect(data).toEqual({
      sessionKey: 'accessToken',
      app: ['/assets/start.js', '/assets/store.js'],
      pages: { '/feeds': ['/assets/FeedPage.js', '/assets/PostList.js'] },
    });
  });

  it('lists the steps the start imports as it runs, with their own imports, each file once', () => {
    const data = headStartData(
      bundle,
      '/app',
      { script: 'src/head-start.ts', app: ['src/app/start.tsx', 'src/app/mount.tsx'], pages: {} },
      'k',
    );
    expect(data.app).toEqual(['/assets/start.js', '/assets/store.js', '/assets/mount.js', '/assets/router.js']);
  });

  it('fails the build when a first load would hold a module kept out of it', () => {
    const keepOut = { pattern: /PostList/, why: 'test' };
    expect(() =>
      headStartData(
        bundle,
        '/app',
        { script: 'src/head-start.ts', app: ['src/app/start.tsx'], pages: { '/feeds': 'src/features/feed/FeedPage.tsx' }, keepOut },
        'k',
      ),
    ).toThrow(/assets\/PostList\.js holds/);
  });

  it('fails the build when a named page is not in the bundle, rather than preloading nothing', () => {
    expect(() =>
      headStartData(bundle, '/app', { script: 'src/head-start.ts', app: ['src/app/start.tsx'], pages: { '/x': 'src/Missing.tsx' } }, 'k'),
    ).toThrow(/Missing/);
  });
});
