/**
 * The web app calls the API through the contract's `operations`, yet at run time it reads only each
 * operation's method and path. The contract's objects also hold every zod schema (and the OpenAPI texts),
 * which would put zod and all the schemas into the first load of every signed-in screen and build them
 * before anything paints. So the build replaces `src/api/operations.ts` (which re-exports the contract's
 * table, as dev and the unit tests use it) with the method and path of each operation.
 */
import path from 'node:path';
import type { Plugin } from 'vite';
import { importContract } from './contract';

interface RoutedOperation {
  method: string;
  path: string;
}

/** `{ name: { method, path } }` for every operation of the table. */
export function routingTable(operations: Record<string, RoutedOperation>): Record<string, RoutedOperation> {
  return Object.fromEntries(Object.entries(operations).map(([name, op]) => [name, { method: op.method, path: op.path }]));
}

export function operationTable(): Plugin {
  let target = '';
  return {
    name: 'plaza-operation-table',
    apply: 'build',
    configResolved(config) {
      target = path.resolve(config.root, 'src/api/operations.ts');
    },
    async load(id) {
      if (id !== target) return null;
      const { operations } = await importContract<{ operations: Record<string, RoutedOperation> }>('@plaza/contract');
      return `export const operations = ${JSON.stringify(routingTable(operations))};\n`;
    },
  };
}
