/** "Message": opens the chat at this person's conversation (`openWith` spares the chat screen a lookup). */
import { MessageCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export interface MessageButtonProps {
  user: { _id: string; userName: string; fullName: string; userImage?: string | null; userBio?: string | null };
  size?: 'sm' | 'md';
  className?: string;
}

export function MessageButton({ user, size = 'sm', className = '' }: MessageButtonProps) {
  const { t } = useTranslation('feed');
  const openWith = {
    _id: user._id,
    userName: user.userName,
    fullName: user.fullName,
    userImage: user.userImage ?? null,
    userBio: user.userBio ?? null,
  };
  return (
    <Link
      to={`/chat/${encodeURIComponent(user.userName)}`}
      state={{ openWith }}
      aria-label={t('connection.messageTo', { name: user.fullName })}
      className={`inline-flex items-center justify-center gap-2 rounded-xl bg-brand-primary font-semibold text-white transition hover:bg-brand-primary-hover ${size === 'sm' ? 'px-3 py-1.5 text-sm' : 'px-4 py-2.5 text-sm'} ${className}`}
    >
      <MessageCircle className="h-4 w-4" /> {t('connection.message')}
    </Link>
  );
}
