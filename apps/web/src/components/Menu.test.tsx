import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { stubResizeObserver } from '../features/connections/testing';
import { Menu, MenuButton, MenuItem, MenuItems } from './Menu';

stubResizeObserver();

function Options({ onEdit }: { onEdit: () => void }) {
  return (
    <Menu className="relative">
      <MenuButton aria-label="Post options">⋯</MenuButton>
      <MenuItems>
        <MenuItem>
          <button onClick={onEdit}>Edit post</button>
        </MenuItem>
        <MenuItem>
          <button>Delete post</button>
        </MenuItem>
      </MenuItems>
    </Menu>
  );
}

describe('a menu loaded on first open', () => {
  it('opens from the keyboard on the first press, moves with the arrows and gives focus back on Escape', async () => {
    const user = userEvent.setup();
    render(<Options onEdit={() => {}} />);
    const button = screen.getByRole('button', { name: 'Post options' });
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('menu')).toBeNull();

    button.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Edit post' })).toHaveAttribute('data-focus'));
    const opener = screen.getByRole('button', { name: 'Post options', hidden: true });
    expect(opener).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Delete post' })).toHaveAttribute('data-focus');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    expect(screen.getByRole('button', { name: 'Post options' })).toHaveFocus();
  });

  it('opens on a click, and choosing an item runs it and closes the menu', async () => {
    const user = userEvent.setup();
    const onEdit = vi.fn();
    render(<Options onEdit={onEdit} />);
    await user.click(screen.getByRole('button', { name: 'Post options' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Edit post' }));
    expect(onEdit).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
  });
});
