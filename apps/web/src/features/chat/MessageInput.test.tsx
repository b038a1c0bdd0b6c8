import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderSignedIn } from '../../test/render-signed-in';
import { stubServer, type StubServer } from '../../test/stub-server';
import { MessageInput } from './MessageInput';

let server: StubServer | null = null;
afterEach(() => {
  server?.restore();
  server = null;
});

function setup(props: Partial<Parameters<typeof MessageInput>[0]> = {}) {
  const onSend = vi.fn(async (_text: string, _noPreview: boolean) => true);
  const onTyping = vi.fn();
  // The composer asks for the card of a link it sees (GET /link-preview).
  renderSignedIn(<MessageInput connected onSend={onSend} onTyping={onTyping} {...props} />);
  const input = screen.getByPlaceholderText<HTMLTextAreaElement>('Type a message...');
  return { onSend, onTyping, input, user: userEvent.setup() };
}

describe('MessageInput', () => {
  it('Enter sends the message and empties the input', async () => {
    const { onSend, input, user } = setup();
    await user.type(input, 'hello{Enter}');
    expect(onSend).toHaveBeenCalledWith('hello', false);
    expect(input.value).toBe('');
  });

  it('Shift+Enter breaks the line instead of sending', async () => {
    const { onSend, input, user } = setup();
    await user.type(input, 'one{Shift>}{Enter}{/Shift}two');
    expect(onSend).not.toHaveBeenCalled();
    expect(input.value).toBe('one\ntwo');
  });

  it('send is disabled for blank text; while disconnected a message is still taken (it waits in the outbox)', async () => {
    const { onSend, input, user } = setup({ connected: false });
    const send = screen.getByRole('button', { name: 'Send message' });
    expect(send).toBeDisabled();
    await user.type(input, 'hi{Enter}');
    expect(onSend).toHaveBeenCalledWith('hi', false);
    expect(input.value).toBe('');
  });

  it('takes the focus when it appears, and Ctrl/Cmd+Enter sends too', async () => {
    const { onSend, input, user } = setup();
    expect(input).toHaveFocus();
    await user.type(input, 'one{Control>}{Enter}{/Control}');
    await user.type(input, 'two{Meta>}{Enter}{/Meta}');
    expect(onSend.mock.calls).toEqual([
      ['one', false],
      ['two', false],
    ]);
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

  it("shows the card of the message's link, and a removed card is sent as noPreview", async () => {
    server = stubServer().on('GET', '/link-preview', () => ({
      status: 200,
      data: {
        success: true,
        linkPreview: { url: 'https://news.example.org/a', title: 'Harbour news', description: null, image: null, siteName: 'News' },
      },
    }));
    const { onSend, input, user } = setup();
    await user.type(input, 'look https://news.example.org/a');
    expect(await screen.findByRole('link', { name: /Harbour news/ }, { timeout: 3000 })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove link preview' }));
    expect(screen.queryByRole('link', { name: /Harbour news/ })).toBeNull();
    await user.type(input, '{Enter}');
    expect(onSend).toHaveBeenCalledWith('look https://news.example.org/a', true);
    expect(server.callsTo('GET', '/link-preview')[0].params).toEqual({ url: 'https://news.example.org/a' });
  });
});
