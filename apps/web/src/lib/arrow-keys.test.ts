import { afterEach, describe, expect, it } from 'vitest';
import { arrowStep } from './arrow-keys';

afterEach(() => document.documentElement.removeAttribute('dir'));

describe('arrow keys between things side by side', () => {
  it('left to right, ArrowRight goes on and ArrowLeft back', () => {
    document.documentElement.dir = 'ltr';
    expect([arrowStep('ArrowRight'), arrowStep('ArrowLeft')]).toEqual(['next', 'previous']);
  });

  it('right to left (Arabic), ArrowLeft goes on and ArrowRight back', () => {
    document.documentElement.dir = 'rtl';
    expect([arrowStep('ArrowLeft'), arrowStep('ArrowRight')]).toEqual(['next', 'previous']);
  });

  it('other keys step nowhere', () => {
    expect([arrowStep('ArrowUp'), arrowStep(' ')]).toEqual([null, null]);
  });
});
