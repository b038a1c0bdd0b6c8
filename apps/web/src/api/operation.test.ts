/** The requests built from contract operations: URL, method, query and body as the operation declares them. */
import { operations } from '@plaza/contract';
import { describe, expect, it } from 'vitest';
import { operationPath, operationRequest, toFormData } from './operation';

describe('operationRequest', () => {
  it('fills in and encodes the path parameters, and takes the method from the operation', () => {
    const request = operationRequest(operations.getChatHistory, { params: { currentUserId: 'a/b', otherUserId: 'c d?' } });
    expect(request).toEqual({ url: '/chats/a%2Fb/c%20d%3F', method: 'GET' });
    expect(operationRequest(operations.deletePost, { params: { postId: 'p1' } })).toEqual({ url: '/posts/p1', method: 'DELETE' });
    expect(operationRequest(operations.toggleFavorite, { params: { postId: 'p1' } })).toMatchObject({
      url: '/posts/p1/favorite',
      method: 'PUT',
    });
  });

  it('passes the query as the request params and the JSON body as the body', () => {
    expect(operationRequest(operations.getFeed, { params: { authUser: 'ana' }, query: { page: 2, limit: 10, anchor: 'x' } })).toEqual({
      url: '/posts/ana/feeds',
      method: 'GET',
      params: { page: 2, limit: 10, anchor: 'x' },
    });
    const fallback = { error: 'Failed', message: 'Failed' };
    // A keyed write (product.md § API conventions, Idempotency-Key): every call its own key.
    const { idempotencyKey, ...reaction } = operationRequest(operations.toggleReaction, {
      params: { postId: 'p1' },
      body: { reactionType: 'heart' },
      fallback,
    });
    expect(reaction).toEqual({ url: '/posts/react/p1', method: 'PUT', body: { reactionType: 'heart' }, fallback });
    expect(idempotencyKey).toEqual(expect.any(String));
  });

  it('needs no input for an operation that takes none', () => {
    expect(operationRequest(operations.getMe)).toEqual({ url: '/users/me', method: 'GET' });
    expect(operationRequest(operations.clearNotifications)).toEqual({ url: '/users/notifications/clear', method: 'DELETE' });
  });

  it('sends a multipart form as FormData, one part per list item, in the order written', () => {
    const images = [new File(['1'], 'a.png'), new File(['2'], 'b.png')];
    const onUploadProgress = () => {};
    const request = operationRequest(operations.createPost, { form: { content: 'hi', images }, onUploadProgress });
    expect(request).toMatchObject({ url: '/posts', method: 'POST', onUploadProgress });
    const form = request.body as FormData;
    expect([...form.keys()]).toEqual(['content', 'images', 'images']);
    expect(form.get('content')).toBe('hi');
    expect((form.getAll('images') as File[]).map((f) => f.name)).toEqual(['a.png', 'b.png']);
  });

  it('leaves out form fields that are not given', () => {
    const form = toFormData({ caption: undefined, media: new File(['v'], 'v.mp4') });
    expect([...form.keys()]).toEqual(['media']);
  });

  it('is typed from the operation', () => {
    // @ts-expect-error getPost needs its postId
    expect(() => operationRequest(operations.getPost)).toThrow(/postId/);
    // @ts-expect-error a parameter the path does not have
    expect(() => operationRequest(operations.getPost, { params: { id: 'p1' } })).toThrow(/postId/);
    // @ts-expect-error getReactions needs its postId in the query
    operationRequest(operations.getReactions, {});
    // @ts-expect-error a body of the wrong shape
    operationRequest(operations.createComment, { params: { postId: 'p1' }, body: { text: 'hi' } });
    // @ts-expect-error getMe takes no body
    operationRequest(operations.getMe, { body: { a: 1 } });
    expect(operationPath(operations.getOwnProfile, { authUser: 'Ana Maria' })).toBe('/users/u/profile/Ana%20Maria');
  });
});
