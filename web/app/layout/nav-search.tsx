import { useState, type FormEvent } from 'react';
import { TextInput } from '@mantine/core';
import { Search } from 'lucide-react';
import { useNavigate } from 'react-router';
import { searchTarget } from './nav-model';

interface NavSearchProps {
  /** Called after a search navigates, so the mobile menu can close. */
  onNavigate?: () => void;
  id: string;
}

export function NavSearch({ onNavigate, id }: NavSearchProps) {
  const navigate = useNavigate();
  const [text, setText] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const target = searchTarget(text);
    if (!target) return;
    void navigate(target);
    onNavigate?.();
  };

  return (
    <form role="search" onSubmit={submit}>
      <TextInput
        id={id}
        type="search"
        aria-label="Search incidents"
        placeholder="Search incidents..."
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        leftSection={<Search size={16} aria-hidden />}
        maxLength={200}
      />
    </form>
  );
}
