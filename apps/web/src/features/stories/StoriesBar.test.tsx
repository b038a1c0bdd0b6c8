import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { describe, expect, it } from 'vitest';
import { makeStore } from '../../app/store';
import { unauthenticatedState } from '../auth';
import { StoriesBar } from './StoriesBar';
import { answerEvery } from '../../test/stub-server';
import { group, person, story, storiesBody } from './test-stories';

const ann = person('ann', 'Ann Lee');

function renderBar(answers: Array<{ status: number; data?: unknown }>) {
  answerEvery(() => answers.shift() ?? { status: 500, data: {} });
  const store = makeStore({
    auth: {
      ...unauthenticatedState,
      userDetails: { ...person('me', 'Me Myself'), email: 'me@example.test', role: 'member', emailVerified: true, language: 'en' },
    },
  });
  render(
    <Provider store={store}>
      <StoriesBar />
    </Provider>,
  );
}

describe('StoriesBar', () => {
  it('a failed load says "Failed to fetch stories" with a retry that brings the stories', async () => {
    renderBar([{ status: 0 }, { status: 200, data: storiesBody([group(ann, [story('a1', ann)])]) }]);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to fetch stories');
    expect(alert).toHaveTextContent('Unable to connect to the server');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('button', { name: 'Stories of Ann Lee, new' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('without friends’ stories it invites you to share one', async () => {
    renderBar([{ status: 200, data: storiesBody([]) }]);
    expect(await screen.findByText(/No stories from friends right now/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add story' })).toBeInTheDocument();
  });
});
