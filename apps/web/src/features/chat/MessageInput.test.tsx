import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MessageInput } from './MessageInput';

function setup(props: Partial<Parameters<typeof MessageInput>[0]> = {}) {
  const onSend = vi.fn(async () => true);
  const onTyping = vi.fn();
  render(<MessageInput connected onSend={onSend} onTyping={onTyping} {...props} />);
  const input = screen.getByPlaceholderText<HTMLTextAreaElement>('Type a message...');
  return { onSend, onTyping, input, user: userEvent.setup() };
}

describe('MessageInput', () => {
  it('Enter sends the message and empties the input', async () => {
    const { onSend, input, user } = setup();
    await user.type(input, 'hello{Enter}');
    expect(onSend).toHaveBeenCalledWith('hello');
    expect(input.value).toBe('');
  });

  it('Shift+Enter breaks the line instead of sending', async () => {
    const { onSend, input, user } = setup();
    await user.type(input, 'one{Shift>}{Enter}{/Shift}two');
    expect(onSend).not.toHaveBeenCalled();
    expect(input.value).toBe('one\ntwo');
  });

  it('send is disabled for blank text and while disconnected', async () => {
    const { input, user } = setup({ connected: false });
    const send = screen.getByRole('button', { name: 'Send message' });
    expect(send).toBeDisabled();
    await user.type(input, 'hi{Enter}');
    expect(send).toBeDisabled();
    expect(input.value).toBe('hi');
  });

  it('blank text never sends', async () => {
    const { onSend, input, user } = setup();
    await user.type(input, '   {Enter}');
    expect(onSend).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Send message' })).toBeDisabled();
  });

  it('a failed send restores the typed text', async () => {
    const onSend = vi.fn(async () => false);
    const { input, user } = setup({ onSend });
    await user.type(input, 'keep me{Enter}');
    await waitFor(() => expect(input.value).toBe('keep me'));
  });

  it('counts characters against 1000, amber over 900 and red over 980', async () => {
    const { input, user } = setup();
    await user.click(input);
    await user.paste('x'.repeat(901));
    const counter = screen.getByText('901/1000');
    expect(counter.className).toContain('amber');
    await user.paste('x'.repeat(80));
    expect(screen.getByText('981/1000').className).toContain('rose');
  });

  it('reports typing while text is present', async () => {
    const { onTyping, input, user } = setup();
    await user.type(input, 'a');
    expect(onTyping).toHaveBeenLastCalledWith(true);
    await user.clear(input);
    expect(onTyping).toHaveBeenLastCalledWith(false);
  });
});
