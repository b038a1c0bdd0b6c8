import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RouteError } from './RouteError';
import { isChunkLoadError, reloadOnceForChunk } from './chunk-reload';

afterEach(() => sessionStorage.clear());

function renderRoute(lazy: () => Promise<never>) {
  const router = createMemoryRouter(
    [
      { path: '/', element: <p>home</p> },
      { path: '/network', lazy, errorElement: <RouteError standalone /> },
    ],
    { initialEntries: ['/network'] },
  );
  return render(<RouterProvider router={router} />);
}

describe('route errors', () => {
  it('recognises the browsers’ failed-chunk messages and nothing else', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: http://x/assets/a.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
  });

  it('reloads by itself once for a page, then leaves it to the person', () => {
    const reload = vi.fn();
    expect(reloadOnceForChunk({ pathname: '/network', reload })).toBe(true);
    expect(reloadOnceForChunk({ pathname: '/network', reload })).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('a page file that cannot be loaded offers Reload instead of the developer page', async () => {
    // The automatic reload already happened for this page.
    sessionStorage.setItem('plaza:chunk-reload', window.location.pathname);
    renderRoute(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/NetworkPage-old.js')));
    expect(await screen.findByRole('heading', { name: "This page couldn't be loaded" })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /reload/i })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the feed' })).toBeInTheDocument();
    expect(screen.queryByText(/Hey developer/)).toBeNull();
  });

  it('a page that throws while rendering shows a friendly page with a way back', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const Broken = () => {
      throw new Error('boom');
    };
    const router = createMemoryRouter([{ path: '/', Component: Broken, ErrorBoundary: RouteError }]);
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the feed' })).toHaveAttribute('href', '/feeds');
  });
});
