import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef, useState } from 'react';
import { Provider } from 'react-redux';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeServer, networkPage, networkUser, signedInStore } from '../connections/testing';
import { useMentionAutocomplete } from './useMentionAutocomplete';
import type { MentionCandidate } from './api';

let server: ReturnType<typeof fakeServer>;
const ann = networkUser({ _id: 'ann-id', userName: 'ann_lee', fullName: 'Ann Lee', connectionStatus: 'friends' });
const anton = networkUser({ _id: 'anton-id', userName: 'anton', fullName: 'Anton Berg', connectionStatus: 'friends' });
const partner: MentionCandidate = { _id: 'andy-id', userName: 'andy', fullName: 'Andy Chat', userImage: null };

/** A composer as the app's are: its own Enter, and the autocomplete's keys first. */
function Composer({ people, onEnter }: { people?: MentionCandidate[]; onEnter: (text: string) => void }) {
  const [text, setText] = useState('');
  const ref = useRef<HTMLTextAreaElement>(null);
  const mention = useMentionAutocomplete({ text, setText, inputRef: ref, people });
  return (
    <div>
      <textarea
        ref={ref}
        aria-label="Write"
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          mention.track(e);
        }}
        {...mention.inputProps}
        onKeyDown={(e) => {
          if (mention.onKeyDown(e)) return;
          if (e.key === 'Enter') {
            e.preventDefault();
            onEnter(text);
          }
        }}
      />
      {mention.list}
      <span role="status">{mention.status}</span>
    </div>
  );
}

function renderComposer(people?: MentionCandidate[]) {
  const sent: string[] = [];
  render(
    <Provider store={signedInStore()}>
      <Composer people={people} onEnter={(t) => sent.push(t)} />
    </Provider>,
  );
  return { input: screen.getByRole('textbox', { name: 'Write' }), user: userEvent.setup(), sent };
}

beforeEach(() => {
  server = fakeServer();
  server.on('GET', '/users/network', networkPage([ann, anton]));
});

describe('the mention autocomplete', () => {
  it('lists friends for @ and letters, walks them with the arrows, and Enter puts the name in instead of sending', async () => {
    const { input, user, sent } = renderComposer();
    await user.type(input, 'Hello @an');
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['AAnn Lee@ann_lee', 'AAnton Berg@anton']);
    expect(server.calls('GET', '/users/network').at(-1)?.params).toMatchObject({ search: 'an', connection: 'friends' });
    expect(screen.getByRole('listbox', { name: 'People to mention' }).id).toBe(input.getAttribute('aria-controls'));
    expect(input).toHaveAttribute('aria-autocomplete', 'list');
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    expect(input).toHaveAttribute('aria-activedescendant', options[0].id);
    expect(screen.getByRole('status')).toHaveTextContent('2 people to mention');

    await user.keyboard('{ArrowDown}');
    expect(screen.getAllByRole('option')[1]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}');
    expect(screen.getAllByRole('option')[0]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowUp}{Enter}');
    expect(input).toHaveValue('Hello @anton ');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(input).not.toHaveAttribute('aria-activedescendant');
    expect(sent).toEqual([]);

    await user.keyboard('{Enter}');
    expect(sent).toEqual(['Hello @anton ']);
  });

  it('takes Tab and a click too, and Escape closes the list until another @ is typed', async () => {
    const { input, user } = renderComposer();
    await user.type(input, '@an');
    await screen.findAllByRole('option');
    await user.keyboard('{Tab}');
    expect(input).toHaveValue('@ann_lee ');
    expect(input).toHaveFocus();

    await user.type(input, 'and @an');
    await screen.findAllByRole('option');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    await user.type(input, 't');
    expect(screen.queryByRole('listbox')).toBeNull();

    await user.type(input, ' @ant');
    await user.click(await screen.findByRole('option', { name: /Anton Berg/ }));
    await waitFor(() => expect(input).toHaveValue('@ann_lee and @ant @anton '));
  });

  it('offers the people of the conversation first, then friends', async () => {
    const { input, user } = renderComposer([partner]);
    await user.type(input, '@an');
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(3));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['AAndy Chat@andy', 'AAnn Lee@ann_lee', 'AAnton Berg@anton']);
  });
});
