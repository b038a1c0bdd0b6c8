import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LinkPreviewCard } from './LinkPreviewCard';

const card = {
  url: 'https://news.example.org/lake?id=1',
  title: 'A day at the lake',
  description: 'Swimming & sun',
  image: '/media/link-previews/abc.webp',
  siteName: 'Lake News',
};

describe('LinkPreviewCard', () => {
  it('is one link to the page, in a new tab, that passes on nothing and vouches for nothing', () => {
    render(<LinkPreviewCard preview={card} />);
    // Its name is what it shows, so speech input can say it, and that it opens a new tab.
    const link = screen.getByRole('link', { name: /^Lake News A day at the lake .*\(opens in a new tab\)$/ });
    expect(link).toHaveAttribute('href', card.url);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow ugc');
    expect(link.querySelector('img')).toHaveAttribute('src', card.image);
    expect(link).toHaveTextContent('Swimming & sun');
  });

  it("names the host when the page names no site, and shows a video site's thumbnail with a play mark, no player", () => {
    render(<LinkPreviewCard preview={{ ...card, url: 'https://www.youtube.com/watch?v=abcdefghijk', siteName: null }} />);
    const link = screen.getByRole('link', { name: /^youtube\.com .*opens in a new tab/ });
    expect(link.querySelector('svg')).not.toBeNull();
    expect(document.querySelector('iframe, video')).toBeNull();
  });

  it('leaves the image out when the page had none', () => {
    render(<LinkPreviewCard preview={{ ...card, image: null }} compact />);
    expect(screen.getByRole('link').querySelector('img')).toBeNull();
  });
});
