/** A build-only Vite plugin that works on the output folder once every file of the bundle is written. */
import path from 'node:path';
import type { Plugin, Rollup } from 'vite';

/**
 * `order` places it among the other plugins' closeBundle hooks ('pre' runs before the unordered
 * ones, 'post' after); `work` gets the output folder and the plugin context (to log).
 */
export function afterBundle(
  name: string,
  order: 'pre' | 'post',
  work: (outDir: string, context: Rollup.PluginContext) => Promise<void>,
): Plugin {
  let outDir = 'dist';
  return {
    name,
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order,
      sequential: true,
      async handler() {
        await work(outDir, this);
      },
    },
  };
}
