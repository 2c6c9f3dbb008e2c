// Click-to-edit field with the inline-edit rules of docs/product.md §4: Enter saves (Shift+Enter is a newline in multiline
// fields), Escape cancels, leaving the field saves after 100 ms, unchanged values are not sent, required fields
// are not saved empty, and a failed save reverts to the stored value.
import {
  lazy,
  Suspense,
  useEffect,
  useId,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import {
  ActionIcon,
  Group,
  Loader,
  NativeSelect,
  Text,
  TextInput,
  Textarea,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { Check, X } from 'lucide-react';
import { TIMINGS } from '../../../common/domain/options';
import { OOPS_MESSAGES } from '../../../common/domain/oops-options';
import { OOPS_TEXTS } from '../../../common/domain/oops-texts';
import { toastWarning } from '../../lib/toast';
import type { EditorKind, Option } from './field-config';
import classes from './detail.module.css';

// Only custom fields use these editors, and those are below the incident's first screen: their code (the date
// picker's) loads with that part of the page rather than before the first paint.
const editors = () => import('./inline-editors');
const InlineMultiSelect = lazy(async () => ({ default: (await editors()).InlineMultiSelect }));
const InlineDateInput = lazy(async () => ({ default: (await editors()).InlineDateInput }));

export interface InlineFieldProps {
  label: string;
  /** The stored value as text ('' for none). */
  value: string;
  editor: EditorKind;
  options?: readonly Option[];
  required?: boolean;
  /** A closed incident: the editor does not open and says why. */
  disabled?: boolean;
  /** Saves the new text; rejects when the save failed (the field then reverts). */
  onSave: (value: string) => Promise<unknown>;
  /** How the saved value is shown (defaults to the text, or the option's label). */
  render?: (value: string) => ReactNode;
  placeholder?: string;
  /** Shows the label above the value; off where the context names the field (the page heading). */
  showLabel?: boolean;
  /** Wraps the shown value, e.g. in the page heading; the editor itself is never inside the wrapper. */
  wrapDisplay?: (display: ReactNode) => ReactNode;
}

export function InlineField({
  label,
  value,
  editor,
  options = [],
  required = false,
  disabled = false,
  onSave,
  render,
  placeholder = 'Click to add',
  showLabel = true,
  wrapDisplay = (display) => display,
}: InlineFieldProps) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(value);
  const [pending, setPending] = useState<string | null>(null);
  const blurTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const displayRef = useRef<HTMLButtonElement>(null);
  const refocus = useRef(false);
  // Refs, not state: Enter and the delayed blur can both try to commit the same edit; only the first may.
  const active = useRef(false);
  const draftRef = useRef(value);
  const labelId = useId();
  const valueId = useId();
  const hintId = useId();

  useEffect(() => () => clearTimeout(blurTimer.current), []);
  useEffect(() => {
    if (!editing && refocus.current) {
      refocus.current = false;
      displayRef.current?.focus();
    }
  }, [editing]);

  const open = () => {
    if (disabled || pending !== null) return;
    active.current = true;
    draftRef.current = value;
    setDraft(value);
    setEditing(true);
  };

  const finish = (restoreFocus: boolean) => {
    clearTimeout(blurTimer.current);
    active.current = false;
    refocus.current = restoreFocus;
    setEditing(false);
  };

  const commit = (restoreFocus: boolean) => {
    if (!active.current) return;
    finish(restoreFocus);
    const next = draftRef.current.trim();
    if (next === value.trim()) return;
    if (required && next === '') {
      toastWarning(OOPS_TEXTS.requiredNotSaved(label));
      return;
    }
    setPending(next);
    onSave(next).then(
      () => setPending(null),
      // The save path has already told the user why; showing the stored value again is the revert.
      () => setPending(null),
    );
  };

  const onKeyDown = (event: KeyboardEvent) => {
    // In a multi select, Enter picks the highlighted option; Save or leaving the field saves.
    if (event.key === 'Enter' && editor === 'multi') return;
    if (event.key === 'Enter' && !(editor === 'multiline' && event.shiftKey)) {
      event.preventDefault();
      commit(true);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      finish(true);
    }
  };

  // Leaving the editor (not just moving to its own Save/Cancel buttons) saves after a short delay, so a click on
  // Cancel still wins over the blur.
  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (event.currentTarget.contains(event.relatedTarget)) return;
    clearTimeout(blurTimer.current);
    blurTimer.current = setTimeout(() => commit(false), TIMINGS.inlineBlurDelayMs);
  };

  const shown = pending ?? value;
  const optionLabel = options.find((o) => o.value === shown)?.label;
  const content = shown ? (render?.(shown) ?? optionLabel ?? shown) : null;

  const labelNode = showLabel ? (
    <Text size="xs" c="dimmed" fw={600} id={labelId} component="div">
      {label}
    </Text>
  ) : null;

  const setDraftText = (text: string) => {
    draftRef.current = text;
    setDraft(text);
  };

  if (editing) {
    const common = {
      'aria-label': label,
      autoFocus: true,
      value: draft,
      onKeyDown,
      onChange: (event: { currentTarget: { value: string } }) => setDraftText(event.currentTarget.value),
      className: classes.editor,
    };
    return (
      <div onBlur={onBlur} className={classes.field}>
        {labelNode}
        <Group gap={4} wrap="nowrap" align="flex-start">
          {editor === 'multiline' ? (
            <Textarea {...common} autosize minRows={3} style={{ flex: 1 }} />
          ) : editor === 'select' ? (
            <NativeSelect {...common} data={[...options]} style={{ flex: 1 }} />
          ) : editor === 'multi' ? (
            <Suspense fallback={<Loader size="sm" />}>
              <InlineMultiSelect {...common} options={options} onValue={setDraftText} />
            </Suspense>
          ) : editor === 'date' ? (
            <Suspense fallback={<Loader size="sm" />}>
              <InlineDateInput {...common} onValue={setDraftText} />
            </Suspense>
          ) : (
            <TextInput
              {...common}
              type={editor === 'number' ? 'number' : 'text'}
              inputMode={editor === 'number' ? 'decimal' : undefined}
              min={editor === 'number' ? 0 : undefined}
              step={editor === 'number' ? 'any' : undefined}
              style={{ flex: 1 }}
            />
          )}
          <ActionIcon variant="filled" size="lg" aria-label={`Save ${label}`} onClick={() => commit(true)}>
            <Check aria-hidden size={16} />
          </ActionIcon>
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={`Cancel editing ${label}`}
            onClick={() => finish(true)}
          >
            <X aria-hidden size={16} />
          </ActionIcon>
        </Group>
        {editor === 'multiline' && (
          <Text size="xs" c="dimmed" mt={2}>
            Enter saves, Shift+Enter adds a line, Escape cancels.
          </Text>
        )}
      </div>
    );
  }

  const button = (
    <UnstyledButton
      ref={displayRef}
      className={classes.display}
      onClick={open}
      // Named by its label and value ("Severity High"); in the page heading, by the value alone.
      aria-labelledby={showLabel ? `${labelId} ${valueId}` : undefined}
      aria-describedby={hintId}
      aria-disabled={disabled || undefined}
      data-disabled={disabled || undefined}
      data-multiline={editor === 'multiline' || undefined}
    >
      <span id={valueId}>
        {content ?? (
          <Text component="span" c="dimmed" fs="italic" size="sm" className={classes.placeholder}>
            {disabled ? 'Not recorded' : placeholder}
          </Text>
        )}
      </span>
      {pending !== null && <Loader size="xs" aria-label={`Saving ${label}`} ml="xs" />}
    </UnstyledButton>
  );

  return (
    <div className={classes.field}>
      {labelNode}
      {/* Hidden, yet read as the button's description (a hidden node still serves aria-describedby). */}
      <span hidden id={hintId}>
        {disabled ? OOPS_MESSAGES.cannotEditClosed : `Click to edit ${label}`}
      </span>
      {wrapDisplay(
        disabled ? (
          <Tooltip label={OOPS_MESSAGES.cannotEditClosed} withArrow>
            {button}
          </Tooltip>
        ) : (
          button
        ),
      )}
    </div>
  );
}
