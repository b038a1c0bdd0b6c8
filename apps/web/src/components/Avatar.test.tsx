import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Avatar } from './Avatar';

const ID = '0192f0a1-0000-7000-8000-00000000000a';

describe('Avatar', () => {
  it('shows the picture alone, and the initial alone when the picture fails to load', () => {
    render(<Avatar name="Ana Lima" id={ID} src="/media/ana.png" />);
    const picture = screen.getByRole('img', { name: 'Ana Lima' });
    expect(picture.tagName).toBe('IMG');
    expect(screen.queryByText('A')).toBeNull();
    fireEvent.error(picture);
    expect(screen.getByRole('img', { name: 'Ana Lima' }).tagName).toBe('SPAN');
    expect(screen.getByText('A')).toBeInTheDocument();
    expect(document.querySelector('img')).toBeNull();
  });

  it('keeps its colour when its owner renames', () => {
    const colourOf = (name: string) => {
      const { unmount } = render(<Avatar name={name} id={ID} />);
      const cls = [...screen.getByRole('img', { name }).classList].find((c) => c.startsWith('bg-'));
      unmount();
      return cls;
    };
    expect(colourOf('Zoe Quinn')).toBe(colourOf('Ana Lima'));
  });
});
