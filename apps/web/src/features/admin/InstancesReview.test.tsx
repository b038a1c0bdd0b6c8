/** Admins' list of other servers: blocking one asks first, then the list shows it blocked; unblocking needs no question. */
import type { Instance } from '@plaza/contract';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { beforeEach, describe, expect, it } from 'vitest';
import { failure, fakeServer, signedInStore } from '../connections/testing';
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

  it('that could not be loaded, says so and asks again on Try again', async () => {
    server.once('GET', '/admin/instances', failure(500));
    server.on('GET', '/admin/instances', listOf([social]));
    const user = userEvent.setup();
    renderList();
    expect(await screen.findByRole('alert')).toHaveTextContent('The servers could not be loaded.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: 'Other servers' })).toHaveTextContent('social.example');
  });

  it('shows a long host whole, and a blocked one with its count and since when', async () => {
    const host = 'a-rather-long-community-server-name.example.org:8443';
    server.on('GET', '/admin/instances', listOf([{ host, people: 1204, blocked: true, blockedAt: new Date().toISOString() }]));
    renderList();
    const list = await screen.findByRole('list', { name: 'Other servers' });
    expect(within(list).getByText(host)).not.toHaveClass('truncate');
    expect(within(list).getByText(/1,204 people known here/)).toHaveTextContent(/blocked/);
    expect(within(list).getByRole('button', { name: `Unblock ${host}` })).toBeInTheDocument();
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
