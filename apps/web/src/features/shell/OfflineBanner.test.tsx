import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { reportReachable, reportUnreachable } from '../../lib/connectivity';
import { OFFLINE_TEXT, OfflineBanner } from './OfflineBanner';

describe('the offline line', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    act(() => reportReachable());
  });

  it('shows while the API does not answer and clears when it does', () => {
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    render(<OfflineBanner />);
    expect(screen.getByRole('status')).toHaveTextContent('');
    act(() => reportUnreachable());
    expect(screen.getByRole('status')).toHaveTextContent(OFFLINE_TEXT.unreachable);
    act(() => reportReachable());
    expect(screen.getByRole('status')).toHaveTextContent('');
  });

  it('shows when the browser goes offline, and goes when it is back', () => {
    render(<OfflineBanner />);
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    act(() => void window.dispatchEvent(new Event('offline')));
    expect(screen.getByRole('status')).toHaveTextContent(OFFLINE_TEXT.offline);
    onLine.mockReturnValue(true);
    act(() => void window.dispatchEvent(new Event('online')));
    expect(screen.getByRole('status')).toHaveTextContent('');
  });
});
