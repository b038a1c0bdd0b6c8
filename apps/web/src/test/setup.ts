import '@testing-library/jest-dom/vitest';
import { webcrypto } from 'node:crypto';

// jsdom lacks SubtleCrypto; Node's is the same Web Crypto API the browser has.
if (!globalThis.crypto?.subtle) Object.defineProperty(globalThis, 'crypto', { value: webcrypto });
