import type { AgentSummary } from '@contract/agents';
import { useId, useState, type KeyboardEvent, type Ref } from 'react';
import { Input } from '../ui/input';
import { cn } from '../../lib/cn';
import { useDebouncedValue } from '../../hooks/use-debounced-value';
import { useAgentsPage } from '../../lib/agents-page';
import { useT } from '../../lib/i18n/translate';
import { messages } from './messages';

/** While the picker shows its matches (it marks its input so), Escape in a dialog closes them rather than the dialog. */
export const isClosingSuggestions = (event: { target: EventTarget | null }) => event.target instanceof HTMLElement && event.target.dataset.suggestionsOpen === 'true';

/** How many matches the list offers; typing more narrows it. */
const SUGGESTIONS = 8;

interface AgentComboboxProps {
  /** Given by FormField: the label's target, and the error wiring. */
  id?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  inputRef?: Ref<HTMLInputElement>;
  onBlur?: () => void;
  /** The chosen agent's id, or '' while none is chosen. */
  onChange: (agentId: string) => void;
  disabled?: boolean;
  autoFocus?: boolean;
}

/**
 * Picks an agent by typing part of a name or email (ARIA combobox with a list of matches): a team of 10,000 agents
 * cannot be offered as one list. Arrow keys move through the matches, Enter or a click picks one, Escape closes.
 */
export function AgentCombobox({ id, inputRef, onBlur, onChange, disabled, autoFocus, ...aria }: AgentComboboxProps) {
  const listId = useId();
  const t = useT(messages);
  const [text, setText] = useState('');
  const [open, setOpenState] = useState(false);
  const [active, setActive] = useState(0);
  const search = useDebouncedValue(text.trim(), 200);
  const matches = useAgentsPage({ offset: 0, limit: SUGGESTIONS, search }, open);
  // Only the matches of what is typed now: never the previous search's while the next one loads.
  const current = open && search === text.trim() && !matches.isPlaceholderData ? matches.data : undefined;
  const options = current?.agents ?? [];
  const expanded = options.length > 0;
  const noMatch = current !== undefined && !expanded && search !== '';
  const showing = expanded || noMatch;
  const setOpen = setOpenState;
  const choose = (agent: AgentSummary) => {
    setText(agent.name);
    setOpen(false);
    onChange(String(agent.id));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) {
        setOpen(true);
        setActive(0);
        return;
      }
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => (options.length === 0 ? 0 : (current + step + options.length) % options.length));
    } else if (event.key === 'Enter' && expanded) {
      event.preventDefault();
      const agent = options[Math.min(active, options.length - 1)];
      if (agent) choose(agent);
    } else if (event.key === 'Escape' && showing) {
      setOpen(false);
    }
  };

  return (
    <div className="relative">
      <Input
        id={id}
        ref={inputRef}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={expanded ? listId : undefined}
        aria-activedescendant={expanded ? `${listId}-${Math.min(active, options.length - 1)}` : undefined}
        autoComplete="off"
        placeholder={t('typeNameOrEmail')}
        value={text}
        disabled={disabled}
        autoFocus={autoFocus}
        // Read by the dialog around it when Escape is pressed: while the matches show, Escape closes them only.
        data-suggestions-open={showing ? 'true' : undefined}
        onChange={(event) => {
          setText(event.target.value);
          setActive(0);
          setOpen(true);
          onChange('');
        }}
        onKeyDown={onKeyDown}
        onBlur={() => {
          setOpen(false);
          onBlur?.();
        }}
        {...aria}
      />
      {expanded && (
        <ul
          id={listId}
          role="listbox"
          aria-label={t('suggestions')}
          className="absolute z-10 mt-1 max-h-72 w-full overflow-y-auto rounded-md border border-slate-200 bg-white py-1 shadow-lg"
        >
          {options.map((agent, index) => (
            <li
              key={agent.id}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === active}
              className={cn('cursor-pointer px-3 py-2 text-sm', index === active ? 'bg-brand-50 text-slate-900' : 'text-slate-800')}
              // Picking must not blur the input first (which would close the list before the click lands).
              onMouseDown={(event) => event.preventDefault()}
              onMouseEnter={() => setActive(index)}
              onClick={() => choose(agent)}
            >
              <span className="block font-medium [overflow-wrap:anywhere]">{agent.name}</span>
              <span className="block text-xs text-slate-600 [overflow-wrap:anywhere]">{agent.email}</span>
            </li>
          ))}
        </ul>
      )}
      {noMatch && (
        <p role="status" className="absolute z-10 mt-1 w-full rounded-md border border-slate-200 bg-white px-3 py-2 text-sm text-slate-700 shadow-lg">
          {t('noMatch', { search })}
        </p>
      )}
    </div>
  );
}
