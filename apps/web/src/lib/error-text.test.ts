import { describe, expect, it } from 'vitest';
import { errorText } from './error-text';

describe('errorText', () => {
  it("shows the server's sentence without its HTTP status phrase", () => {
    expect(
      errorText({ error: 'Too Many Requests', message: 'Until you confirm your email address you can publish 3 posts a day.' }, 'x'),
    ).toBe('Until you confirm your email address you can publish 3 posts a day.');
    expect(errorText({ error: { error: 'Unsupported Media Type', message: 'This file is not an image.' } }, 'x')).toBe(
      'This file is not an image.',
    );
    // The server writes the sentence in the reader's language; its English code stays out of the line.
    expect(errorText({ error: 'Validation failed', message: 'Revisa el campo «email»: no es válido.' }, 'x')).toBe(
      'Revisa el campo «email»: no es válido.',
    );
  });

  it('turns a bare status phrase or code into a plain sentence', () => {
    expect(errorText({ error: 'Too Many Requests', message: 'Too Many Requests' }, 'x')).toBe(
      'You are going a little fast. Please wait a moment and try again.',
    );
    expect(errorText({ error: 'Unsupported Media Type', message: '' }, 'x')).toBe('This file type is not supported.');
    expect(errorText({ error: 'rate_limited', message: '' }, 'Failed to send.')).toBe('Failed to send.');
  });

  it('keeps what the app wrote itself, and falls back when there is nothing', () => {
    expect(errorText({ error: 'Network error occurred', message: 'Unable to connect to the server' }, 'x')).toBe(
      'Network error occurred: Unable to connect to the server',
    );
    expect(errorText({ error: 'Failed to submit comment', message: 'Failed to submit comment' }, 'x')).toBe('Failed to submit comment');
    expect(errorText(new Error('boom'), 'Failed to react to post')).toBe('Failed to react to post');
  });
});
