/**
 * The contract, read by the build's own plugins. Its package ships TypeScript, which the config loader
 * cannot import; Vite's module runner can.
 */
import { runnerImport } from 'vite';

export async function importContract<T>(specifier: '@plaza/contract' | '@plaza/contract/constants'): Promise<T> {
  const { module } = await runnerImport<T>(specifier, { configFile: false, logLevel: 'error' });
  return module;
}
