/** What the story player asks of the server: that a story was watched, and that the owner's story be deleted. */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../app/hooks';
import { toast } from '../../lib/toast';
import { deleteStory, watchStory } from './viewer-actions';

/** Marks the story on screen as watched once it shows; a failure worth showing is toasted. */
export function useWatchStory(storyId: string) {
  const dispatch = useAppDispatch();
  useEffect(() => {
    void dispatch(watchStory(storyId)).then((failure) => {
      if (failure) toast.error(failure.message);
    });
  }, [dispatch, storyId]);
}

/** Deletes the story on screen; `deleting` holds the story still while the server answers, `done` closes the question. */
export function useStoryDeletion(storyId: string, done: () => void) {
  const { t } = useTranslation('stories');
  const dispatch = useAppDispatch();
  const [deleting, setDeleting] = useState(false);
  async function confirmDelete() {
    setDeleting(true);
    const failure = await dispatch(deleteStory(storyId));
    setDeleting(false);
    done();
    if (failure) toast.error(failure.message);
    else toast.success(t('deleted'));
  }
  return { deleting, confirmDelete };
}
