import { ActionIcon, Button } from '@mantine/core';
import { Presentation, X } from 'lucide-react';
import { togglePresentationMode, usePresentationMode } from '../../lib/use-presentation-mode';
import { presentationToggleLabel } from './nav-model';

/**
 * Icon button for the bar; `withLabel` gives the full-width variant used in the mobile menu, which passes
 * `onToggle` to close itself (a drawer left open would cover the wall display).
 */
export function PresentationToggle({
  withLabel = false,
  onToggle,
}: {
  withLabel?: boolean;
  onToggle?: () => void;
}) {
  const presenting = usePresentationMode();
  const toggle = () => {
    togglePresentationMode();
    onToggle?.();
  };
  const label = presentationToggleLabel(presenting);
  const icon = presenting ? <X size={18} aria-hidden /> : <Presentation size={18} aria-hidden />;
  if (withLabel) {
    return (
      <Button variant="default" leftSection={icon} aria-pressed={presenting} onClick={toggle}>
        {label}
      </Button>
    );
  }
  return (
    <ActionIcon
      variant="default"
      size="lg"
      title={label}
      aria-label={label}
      aria-pressed={presenting}
      onClick={toggle}
    >
      {icon}
    </ActionIcon>
  );
}
