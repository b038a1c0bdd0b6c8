import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useParams } from 'react-router';
import { describe, expect, it } from 'vitest';
import { splitLinks } from '../lib/linkify';
import { PostText } from './PostText';

describe('PostText', () => {
  it('renders http(s) URLs as safe anchors and keeps the rest as text', () => {
    render(<PostText text="See https://example.com/a?b=1, and http://plaza.test/x." />);
    const links = screen.getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['https://example.com/a?b=1', 'http://plaza.test/x']);
    for (const a of links) {
      expect(a).toHaveAttribute('target', '_blank');
      expect(a).toHaveAttribute('rel', 'noopener noreferrer nofollow');
    }
    expect(screen.getByText(/^See/)).toBeInTheDocument();
  });

  it('shows script-like text as text, never as markup or links', () => {
    const hostile = '<script>alert(1)</script> <img src=x onerror=alert(2)> javascript:alert(3) <a href="https://evil.test">x</a>';
    const { container } = render(<PostText text={hostile} />);
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('a[href^="javascript"]')).toBeNull();
    expect(container.textContent).toContain('<script>alert(1)</script>');
    // The quote ends the URL, so the link is only the address, and the tag stays text around it.
    expect(screen.getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(['https://evil.test/']);
  });

  it('keeps brackets that belong to the URL and drops sentence punctuation', () => {
    expect(splitLinks('(see https://en.wikipedia.org/wiki/Foo_(bar)).')).toEqual([
      { kind: 'text', text: '(see ' },
      { kind: 'link', text: 'https://en.wikipedia.org/wiki/Foo_(bar)', href: 'https://en.wikipedia.org/wiki/Foo_(bar)' },
      { kind: 'text', text: ').' },
    ]);
  });

  it('folds long text behind "See more"', () => {
    render(<PostText text={'word '.repeat(200)} />);
    expect(screen.getByRole('button', { name: 'See more' })).toBeInTheDocument();
  });

  it('links #tags to their page inside the app, beside external links that stay external', async () => {
    function TagPage() {
      return <p>page of {useParams().tag}</p>;
    }
    const router = createMemoryRouter(
      [
        { path: '/', element: <PostText text="Off to #Lisboa via https://example.com/#top, C# and #2024 stay text" /> },
        { path: '/tags/:tag', element: <TagPage /> },
      ],
      { initialEntries: ['/'] },
    );
    render(<RouterProvider router={router} />);
    const links = screen.getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['#Lisboa', '/tags/lisboa'],
      ['https://example.com/#top', 'https://example.com/#top'],
    ]);
    expect(links[0]).not.toHaveAttribute('target');
    await userEvent.click(links[0]);
    expect(await screen.findByText('page of lisboa')).toBeInTheDocument();
  });

  it('never links the cut end of a tag when long text folds', () => {
    // No space before the 400th character: the fold falls there, inside the tag.
    render(<PostText text={`${'x'.repeat(390)}\n#cutacrossthefold ${'y '.repeat(200)}`} />);
    expect(screen.getByText(/#cutacros$/)).toBeInTheDocument();
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByRole('button', { name: 'See more' })).toBeInTheDocument();
  });
});
