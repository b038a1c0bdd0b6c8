/**
 * vitest's asymmetric matchers typed as the values they stand for. vitest types them `any`, which the
 * type-aware lint refuses inside the object literals the assertions compare against.
 */
import { expect } from 'vitest';

/** Matches any string. */
export const anyString = (): string => expect.any(String) as string;

/** Matches an object holding at least `subset`. */
export const objectContaining = <T extends Record<string, unknown>>(subset: T): T => expect.objectContaining<unknown>(subset) as T;
