/** A group's name with its label, as a new group asks for it and as its info sheet renames it. */
import { GROUP_CHAT } from '@plaza/contract';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';

interface GroupNameFieldProps {
  id: string;
  value: string;
  onChange: (name: string) => void;
  placeholder?: string;
  onKeyDown?: (e: KeyboardEvent<HTMLInputElement>) => void;
  className?: string;
}

export function GroupNameField({ id, value, onChange, placeholder, onKeyDown, className = '' }: GroupNameFieldProps) {
  const { t } = useTranslation('chat');
  return (
    <div className={`min-w-0 flex-1 ${className}`}>
      <label htmlFor={id} className="mb-1 block text-sm font-semibold">
        {t('info.groupName')}
      </label>
      <input
        id={id}
        autoFocus
        value={value}
        maxLength={GROUP_CHAT.nameMaxLength}
        onChange={(e) => onChange(e.target.value)}
        placeholder={placeholder}
        onKeyDown={onKeyDown}
        className="input"
      />
    </div>
  );
}
