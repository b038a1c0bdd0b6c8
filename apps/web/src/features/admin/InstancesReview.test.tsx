/** Admins' list of other servers: blocking one asks first, then the list shows it blocked; unblocking needs no question. */
import type { Instance } from '@plaza/contract';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeServer, signedInStore } from '../connections/testing';
import { InstancesReview } from './InstancesReview';

const listOf = (instances: Instance[]) => ({ data: { success: true, instances } });
const social: Instance = { host: 'social.example', people: 3, blocked: false, blockedAt: null };

let server: ReturnType<typeof fakeServer>;
beforeEach(() => {
  server = fakeServer();
});

const renderList = () =>
  render(
    <Provider store={signedInStore()}>
      <InstancesReview />
    </Provider>,
  );

describe('the servers an admin sees', () => {
  it('with none yet, says when they will show up', async () => {
    server.on('GET', '/admin/instances', listOf([]));
    renderList();
    expect(await screen.findByText('No other servers yet')).toBeInTheDocument();
  });

  it('blocks a server after asking, then shows it blocked; unblocks without asking', async () => {
    server.on('GET', '/admin/instances', listOf([social]));
    server.on('POST', '/admin/instances/social.example/block', { data: { success: true } });
    server.on('DELETE', '/admin/instances/social.example/block', { data: { success: true } });
    const user = userEvent.setup();
    renderList();
    const list = await screen.findByRole('list', { name: 'Other servers' });
    expect(within(list).getByText('3 people known here')).toBeInTheDocument();

    await user.click(within(list).getByRole('button', { name: 'Block social.example' }));
    const dialog = await screen.findByRole('dialog', { name: 'Block social.example?' });
    expect(server.calls('POST', '/admin/instances/social.example/block')).toHaveLength(0);
    server.on('GET', '/admin/instances', listOf([{ ...social, blocked: true, blockedAt: new Date().toISOString() }]));
    await user.click(within(dialog).getByRole('button', { name: 'Block' }));
    expect(await within(list).findByRole('button', { name: 'Unblock social.example' })).toBeInTheDocument();
    expect(server.calls('POST', '/admin/instances/social.example/block')).toHaveLength(1);

    server.on('GET', '/admin/instances', listOf([social]));
    await user.click(within(list).getByRole('button', { name: 'Unblock social.example' }));
    expect(await within(list).findByRole('button', { name: 'Block social.example' })).toBeInTheDocument();
    expect(server.calls('DELETE', '/admin/instances/social.example/block')).toHaveLength(1);
  });
});
