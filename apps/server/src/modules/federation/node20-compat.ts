/**
 * Fedify 2 is written for Node 22, which has a global `navigator`; its key import reads
 * `navigator.userAgent` unguarded. On Node 20 the same global is given here, shaped as Node 22's own
 * (`Node.js/<version>`), so Fedify runs unchanged. Nothing else is filled in.
 */
if (!('navigator' in globalThis)) {
  Object.defineProperty(globalThis, 'navigator', {
    value: Object.freeze({ userAgent: `Node.js/${process.versions.node.split('.')[0]}` }),
    configurable: true,
    writable: false,
    enumerable: false,
  });
}
