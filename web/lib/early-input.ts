// What a visitor did on a page drawn at build time before the app took it over (decision 054). What they typed,
// ticked, chose in a list or had a password manager fill in stays on screen, but React's state never saw it, so a submit would send
// the drawn (empty) values; the last button they pressed did nothing (public/before-app.js marked it). Once the app
// has taken over, each field is handed to React as the event it missed, then the button is pressed again.

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

const isToggle = (field: Field) =>
  field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio');

/** What differs from the drawing, read before anything is replayed: each replay re-renders the form, and React puts
 * every other field back to its state. */
interface Entry {
  field: Field;
  value: string | boolean;
}

/** The choice the drawing showed: the option drawn selected, else the first, as a browser shows it. */
function drawnChoice(select: HTMLSelectElement): string {
  const options = [...select.options];
  return (options.find((option) => option.defaultSelected) ?? options[0])?.value ?? '';
}

function entered(root: HTMLElement): Entry[] {
  const fields = [...root.querySelectorAll<Field>('input, textarea, select')];
  return fields.flatMap((field): Entry[] => {
    if (field instanceof HTMLSelectElement) {
      return field.value === drawnChoice(field) ? [] : [{ field, value: field.value }];
    }
    if (isToggle(field)) {
      const { checked, defaultChecked, type } = field as HTMLInputElement;
      // A radio button is chosen by clicking the one now checked; the one it replaced follows.
      const changed = checked !== defaultChecked && (type === 'checkbox' || checked);
      return changed ? [{ field, value: checked }] : [];
    }
    return field.value === field.defaultValue ? [] : [{ field, value: field.value }];
  });
}

function replay(field: Field, value: string | boolean) {
  if (typeof value === 'boolean') {
    // Back to the drawn state, then the visitor's choice again as a click React handles.
    (field as HTMLInputElement).checked = !value;
    (field as HTMLInputElement).click();
    return;
  }
  if (field instanceof HTMLSelectElement) {
    // React keeps no record of a list's value: the change event is enough for it to read the choice.
    field.value = value;
    field.dispatchEvent(new Event('change', { bubbles: true }));
    return;
  }
  // Through the field's own setter, which React watches, so React's record of the field holds the drawn value...
  field.value = field.defaultValue;
  // ...then the entered value again through the element's setter, past that record, and the input event on which
  // React compares the two.
  Reflect.set(Object.getPrototypeOf(field) as object, 'value', value, field);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/**
 * Call from the first effect after hydration: the fields must be replayed before React renders anything again (a
 * render puts each controlled field back to its state), the button only once their updates have been rendered (its
 * handler reads the rendered state), so it is pressed in a task of its own.
 */
export function replayEarlyInput(root: HTMLElement): void {
  // Typed text and list choices before ticks: a tick can swap the form for another (the sign-in page's two modes
  // share the address), and text replayed after it would go to a field that is no longer on the page.
  const entries = entered(root);
  for (const { field, value } of entries) if (typeof value === 'string') replay(field, value);
  for (const { field, value } of entries) if (typeof value === 'boolean') replay(field, value);
  const pressed = root.querySelector<HTMLElement>('[data-early-press]');
  if (!pressed) return;
  pressed.removeAttribute('data-early-press');
  setTimeout(() => pressed.click());
}
