/**
 * A signed-in visit used to download its JavaScript in three rounds: the boot script and React, then
 * (once those had run) the signed-in app, then (once the router had matched the route) the page. On a
 * phone over slow 4G each round costs a round trip plus the previous round's run time. This plugin writes
 * into index.html, as a JSON data block, the files of the signed-in app and of the page each common path
 * opens at; `src/head-start.ts`, the first script of the page, asks for them all at once when a session
 * is stored. A signed-out visitor downloads none of them.
 */
import path from 'node:path';
import type { HtmlTagDescriptor, Plugin, Rollup } from 'vite';
import { importContract } from './contract';

export const PRELOAD_DATA_ID = 'plaza-head-start';

export interface HeadStartOptions {
  /** The script that reads the data block and preloads, relative to the project root: an entry of its own. */
  script: string;
  /**
   * The modules of the signed-in app, relative to the project root: its start, and the steps the start
   * loads with `import()` as it runs (each a chunk of its own, preloaded with it).
   */
  app: readonly string[];
  /** For a path, the page module it opens at (relative to the project root). */
  pages: Readonly<Record<string, string>>;
  /** Modules that must not be part of those downloads: the build fails, naming the chunk, when one is. */
  keepOut?: { pattern: RegExp; why: string };
}

export interface HeadStartData {
  sessionKey: string;
  app: string[];
  pages: Record<string, string[]>;
}

const chunks = (bundle: Rollup.OutputBundle) => Object.values(bundle).filter((o): o is Rollup.OutputChunk => o.type === 'chunk');

/** A chunk's file and every file it imports statically, transitively: what must load before it can run. */
function closure(bundle: Rollup.OutputBundle, file: string, into = new Set<string>()): Set<string> {
  if (into.has(file)) return into;
  into.add(file);
  const chunk = bundle[file];
  if (chunk?.type === 'chunk') for (const dep of chunk.imports) closure(bundle, dep, into);
  return into;
}

/** The data block for a built bundle: the app's files, then for each path its page's files beyond the app's. */
/** The file of the chunk that holds `module` (relative to the project root). */
function fileOf(bundle: Rollup.OutputBundle, root: string, module: string): string {
  const id = path.resolve(root, module);
  const chunk = chunks(bundle).find((c) => c.moduleIds.includes(id));
  if (!chunk) throw new Error(`head-start: no chunk is built from ${module}`);
  return chunk.fileName;
}

export function headStartData(bundle: Rollup.OutputBundle, root: string, options: HeadStartOptions, sessionKey: string): HeadStartData {
  const entryFiles = new Set(
    chunks(bundle)
      .filter((c) => c.isEntry)
      .flatMap((c) => [...closure(bundle, c.fileName)]),
  );
  const appFiles = new Set<string>();
  for (const module of options.app) closure(bundle, fileOf(bundle, root, module), appFiles);
  const app = [...appFiles].filter((f) => !entryFiles.has(f));
  const loaded = new Set([...entryFiles, ...app]);
  const pages = Object.fromEntries(
    Object.entries(options.pages).map(([at, module]) => [
      at,
      [...closure(bundle, fileOf(bundle, root, module))].filter((f) => !loaded.has(f)),
    ]),
  );
  const { keepOut } = options;
  for (const file of [...loaded, ...Object.values(pages).flat()]) {
    const chunk = bundle[file];
    const found = chunk?.type === 'chunk' ? chunk.moduleIds.find((id) => keepOut?.pattern.test(id)) : undefined;
    if (found) throw new Error(`head-start: ${file} holds ${found}, which a signed-in first load must not: ${keepOut?.why}`);
  }
  const url = (f: string) => `/${f}`;
  return {
    sessionKey,
    app: app.map(url),
    pages: Object.fromEntries(Object.entries(pages).map(([at, files]) => [at, files.map(url)])),
  };
}

export function headStart(options: HeadStartOptions): Plugin {
  let root = '';
  return {
    name: 'plaza-head-start',
    apply: 'build',
    config(config) {
      const base = path.resolve(config.root ?? process.cwd());
      // index.html's module scripts all run as one entry, after its imports: this one must not wait for them.
      return {
        build: { rollupOptions: { input: { index: path.join(base, 'index.html'), 'head-start': path.join(base, options.script) } } },
      };
    },
    configResolved(config) {
      root = config.root;
    },
    transformIndexHtml: {
      order: 'post',
      async handler(_html, ctx): Promise<HtmlTagDescriptor[]> {
        if (!ctx.bundle) return [];
        // A stored access token is what a stored session looks like (lib/secure-storage.ts).
        const { STORAGE_KEYS } = await importContract<typeof import('@plaza/contract/constants')>('@plaza/contract/constants');
        let data: HeadStartData;
        try {
          data = headStartData(ctx.bundle, root, options, STORAGE_KEYS.accessToken);
        } catch (error) {
          // Vite does not report an error thrown here; the build would only fail later, without saying why.
          console.error(error);
          throw error;
        }
        // `<` escaped so no file name can close the element early.
        const json = JSON.stringify(data).replace(/</g, '\\u003c');
        return [
          { tag: 'script', attrs: { type: 'application/json', id: PRELOAD_DATA_ID }, children: json, injectTo: 'head' },
          {
            tag: 'script',
            attrs: { type: 'module', async: true, crossorigin: true, src: `/${fileOf(ctx.bundle, root, options.script)}` },
            injectTo: 'head',
          },
        ];
      },
    },
  };
}
