/** The top of a post: its author and when it was written (and edited), and its menu: edit and delete for one's own, else safety. */
import type { Post } from '@plaza/contract';
import { MoreHorizontal, Pencil, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Avatar } from '../../components/Avatar';
import { Menu, MenuButton, MenuItem, MenuItems } from '../../components/Menu';
import { compactAge, exactTime } from '../../lib/dates';
import { profilePath } from '../../lib/profile-path';
import { SafetyMenu } from '../safety';

interface PostHeaderProps {
  post: Post;
  mine: boolean;
  /** The signed-in person's user name ('' when none), which decides the path to the author's profile. */
  viewerName: string;
  /** The id of the author's name, which names the post. */
  titleId: string;
  onEdit: () => void;
  onDelete: () => void;
}

export function PostHeader({ post, mine, viewerName, titleId, onEdit, onDelete }: PostHeaderProps) {
  const { t } = useTranslation('feed');
  const { author } = post;
  const link = profilePath(viewerName, author.userName);
  return (
    <header className="flex items-start gap-3 px-4 pt-4">
      <Link to={link} tabIndex={-1} aria-hidden="true" className="shrink-0">
        <Avatar name={author.fullName} id={author._id} src={author.userImage} size="md" />
      </Link>
      <div className="min-w-0 flex-1">
        <Link id={titleId} to={link} className="block truncate font-semibold hover:underline">
          {author.fullName}
        </Link>
        <p className="flex min-w-0 items-center gap-1 text-sm text-slate-500 dark:text-slate-400">
          <span className="truncate">@{author.userName}</span>
          <span aria-hidden="true">·</span>
          <time dateTime={post.createdAt} title={exactTime(post.createdAt)} className="shrink-0">
            {compactAge(post.createdAt)}
          </time>
          {post.editedAt && (
            <>
              <span aria-hidden="true">·</span>
              <span className="shrink-0" title={t('post.editedAt', { time: exactTime(post.editedAt) })}>
                {t('post.edited')} <time dateTime={post.editedAt}>{compactAge(post.editedAt)}</time>
              </span>
            </>
          )}
        </p>
      </div>
      {mine && (
        <Menu className="relative -mt-1 -me-2">
          <MenuButton
            aria-label={t('post.options')}
            className="rounded-full p-2 text-slate-500 hover:bg-slate-100 dark:text-slate-400 dark:hover:bg-slate-800"
          >
            <MoreHorizontal className="h-5 w-5" />
          </MenuButton>
          <MenuItems className="card z-40 mt-1 w-44 p-1.5 focus:outline-none">
            <MenuItem>
              <button
                onClick={onEdit}
                className="flex w-full items-center gap-2 rounded-lg px-3 py-2 text-sm data-focus:bg-slate-100 dark:data-focus:bg-slate-700"
              >
                <Pencil className="h-4 w-4" /> {t('post.edit')}
              </button>
            </MenuItem>
            <MenuItem>
              <button
                onClick={onDelete}
                className="flex w-full items-center gap-2 rounded-lg px-3 py-2 text-sm text-rose-600 data-focus:bg-slate-100 dark:text-rose-400 dark:data-focus:bg-slate-700"
              >
                <Trash2 className="h-4 w-4" /> {t('post.delete')}
              </button>
            </MenuItem>
          </MenuItems>
        </Menu>
      )}
      {!mine && (
        <div className="-mt-1 -me-2">
          <SafetyMenu person={author} target={{ type: 'post', id: post._id }} label={t('post.options')} />
        </div>
      )}
    </header>
  );
}
